/** A trimmed copy of the form's string values; empty strings stay (the server treats '' as "clear"). */
export function trimValues<T extends object>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[key] = typeof value === 'string' ? value.trim() : value;
  return out as T;
}
