import { type Lang, renderIssue } from '@luxgrid/contracts';
import { z } from 'zod';
import { ValidationFailure } from './errors.ts';

/** `/{ids}` path segments: '1' or '1,2,3'. */
export const idsParam = <K extends string>(name: K) =>
  z.object({
    [name]: z
      .string()
      .max(8000)
      .regex(/^\d{1,15}(,\d{1,15})*$/),
  } as Record<K, z.ZodString>);

export const idParam = <K extends string>(name: K) =>
  z.object({ [name]: z.coerce.number().int().positive() } as Record<K, z.ZodCoercedNumber<unknown>>);

/**
 * The distinct ids of a checked id list; an empty list names none. Every listed id is kept (also 0),
 * so an id that names nothing is answered "not found" rather than skipped.
 */
export function parseIds(value: string): number[] {
  return value === '' ? [] : [...new Set(value.split(',').map(Number))];
}

/** Query-string filters: '' means no filter. This one matches the text as typed. */
export const optionalFilter = (max: number) => z.string().max(max).optional();
/** Like optionalFilter, without the spaces around the text. */
export const textFilter = (max: number) => z.string().trim().max(max).optional();
export const flagFilter = () => z.enum(['0', '1', '']).optional();

/** Validates input read outside the route schema (query merged with body) with the same rendered messages. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, lang: Lang): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) =>
    renderIssue({ path: issue.path, message: issue.message, code: issue.code }, lang),
  );
  throw new ValidationFailure([...new Set(messages)]);
}

/** A LIKE pattern matching the text anywhere; the user's % and _ are matched literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
