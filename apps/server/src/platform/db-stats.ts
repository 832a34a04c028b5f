/** Statement timings kept in this process: the slowest statements by normalised text, bounded in size. */
export interface SlowStatement {
  statement: string;
  calls: number;
  totalMs: number;
  maxMs: number;
  meanMs: number;
}

export interface PoolStats {
  /** connections open */
  total: number;
  idle: number;
  /** callers waiting for a connection */
  waiting: number;
  max: number;
}

export interface DatabaseStats {
  pool: PoolStats | null;
  slowStatements: SlowStatement[];
}

const MAX_TRACKED = 300;
const MAX_TEXT = 1000;

/** Literals and parameter lists collapse, so that one statement shape is one entry. */
export function normaliseStatement(text: string): string {
  return (
    text
      .replace(/'(?:[^']|'')*'/g, '?')
      .replace(/\$\d+/g, '?')
      .replace(/\b\d+(\.\d+)?\b/g, '?')
      .replace(/\s+/g, ' ')
      .replace(/\((\?, ?)+\?\)/g, '(…)')
      // multi-row VALUES lists: one tuple stands for all
      .replace(/(\((?:\?|default)(?:, (?:\?|default))*\))(?:, \1)+/g, '$1, …')
      .trim()
      .slice(0, MAX_TEXT)
  );
}

export class StatementTimings {
  private readonly entries = new Map<string, { calls: number; totalMs: number; maxMs: number }>();
  private readonly shapes = new Map<string, string>();

  record(text: string, ms: number): void {
    let shape = this.shapes.get(text);
    if (shape === undefined) {
      shape = normaliseStatement(text);
      if (this.shapes.size > 2000) this.shapes.clear();
      this.shapes.set(text, shape);
    }
    const entry = this.entries.get(shape);
    if (entry) {
      entry.calls++;
      entry.totalMs += ms;
      if (ms > entry.maxMs) entry.maxMs = ms;
      return;
    }
    if (this.entries.size >= MAX_TRACKED) this.evictFastest();
    this.entries.set(shape, { calls: 1, totalMs: ms, maxMs: ms });
  }

  private evictFastest(): void {
    let fastest: string | undefined;
    let fastestMs = Number.POSITIVE_INFINITY;
    for (const [key, value] of this.entries) {
      if (value.maxMs < fastestMs) {
        fastestMs = value.maxMs;
        fastest = key;
      }
    }
    if (fastest !== undefined) this.entries.delete(fastest);
  }

  top(n = 20): SlowStatement[] {
    return [...this.entries]
      .map(([statement, e]) => ({
        statement,
        calls: e.calls,
        totalMs: round(e.totalMs),
        maxMs: round(e.maxMs),
        meanMs: round(e.totalMs / e.calls),
      }))
      .sort((a, b) => b.maxMs - a.maxMs)
      .slice(0, n);
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Wraps a client's promise-returning `query` so that every statement is timed. */
export function timeQueries<T extends { query: (...args: never[]) => unknown }>(
  client: T,
  timings: StatementTimings,
): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    const started = performance.now();
    const result = original(...args);
    if (text && result && typeof (result as Promise<unknown>).then === 'function') {
      const done = () => timings.record(text, performance.now() - started);
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  };
}
