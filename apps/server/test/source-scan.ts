/** Reading source files as text: the module specifiers they name and the SQL they run. */

/** Every module specifier a file names: static imports and re-exports, dynamic imports. */
export function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g))
    found.push(match[1]!);
  for (const match of text.matchAll(/(?:^|\s)import\s*['"]([^'"]+)['"]/g)) found.push(match[1]!);
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!);
  return found;
}

/**
 * Where a file runs SQL itself: drizzle's operators or `sql` template, or a query, write or
 * transaction on a database handle (`db.select(…)`, `tx.insert(…)`, `database.query(…)`).
 */
export function sqlIn(text: string): string[] {
  const found: string[] = [];
  for (const spec of specifiers(text)) if (spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/')) found.push(spec);
  const calls =
    /\b(?:db|tx|database|pool|client)\s*\.\s*(select|selectDistinct|insert|update|delete|execute|query|transaction|\$count)\s*[<(]/g;
  for (const match of text.matchAll(calls)) found.push(`${match[1]}(…)`);
  // raw SQL through any handle (`q.query(…)`, `conn.execute<…>(…)`); `req.query.x` is a property, not a call
  const raw = /(?<!\b(?:db|tx|database|pool|client)\s*)\.\s*(query|execute)\s*[<(]/g;
  for (const match of text.matchAll(raw)) found.push(`${match[1]}(…)`);
  return found;
}
