import { z } from 'zod';

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
