import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { fail, forbidden } from '../../platform/errors.ts';

/** The customer a request acts for: a customer user's own, or the platform user's clientId header (null = all). */
export function actingClient(ctx: Ctx): number | null {
  return ctx.principal.clientId ?? ctx.clientId;
}

/** The customer filter of a query over rows that carry client_id. */
export function clientFilter(column: AnyPgColumn, ctx: Ctx): SQL | undefined {
  const clientId = actingClient(ctx);
  return clientId === null ? undefined : eq(column, clientId);
}

/** The one customer a screen is about; platform users must have chosen one. */
export function requireClient(ctx: Ctx): number {
  const clientId = actingClient(ctx);
  if (clientId === null) throw fail('tenant.customerRequired');
  return clientId;
}

/** Customers, packages, subscriptions and subsystems are administered by platform users only. */
export function requirePlatform(ctx: Ctx): void {
  if (ctx.principal.clientId !== null) throw forbidden();
}

export const idsParam = <K extends string>(name: K) =>
  z.object({
    [name]: z
      .string()
      .max(4000)
      .regex(/^\d{1,15}(,\d{1,15})*$/),
  } as Record<K, z.ZodString>);

export const idParam = <K extends string>(name: K) =>
  z.object({ [name]: z.coerce.number().int().positive() } as Record<K, z.ZodCoercedNumber<unknown>>);

export function parseIds(value: string): number[] {
  return [...new Set(value.split(',').map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** Query-string filters: '' means no filter. */
export const textFilter = (max: number) => z.string().trim().max(max).optional();
export const flagFilter = () => z.enum(['0', '1', '']).optional();
