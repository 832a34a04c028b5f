/** One piece handed in, with the promise of its caller. */
interface Waiting<T> {
  item: T;
  size: number;
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * Group commit: pieces handed in while the writes run go together in the next one, at most
 * `lanes` writes at a time, each at most `maxSize` in size (a single larger piece goes alone). Each caller's promise
 * settles once the write holding its piece has committed or failed. When a write of several
 * pieces fails, each is written again on its own, so that one bad piece fails only its caller.
 */
export class GroupCommit<T> {
  private waiting: Waiting<T>[] = [];
  /** writes running (counted down in the same turn as the last look at `waiting`) */
  private active = 0;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxSize: number,
    private readonly lanes = 1,
  ) {}

  /** Hands one piece in; resolves once it is committed. */
  add(item: T, size = 1): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, size, resolve, reject });
      if (this.active >= this.lanes) return;
      this.active++;
      // what arrives in the same turn of the event loop goes in the same write
      const lane: Promise<void> = new Promise<void>((started) => setImmediate(started))
        .then(() => this.drain())
        .finally(() => this.running.delete(lane));
      this.running.add(lane);
    });
  }

  /** Resolves once everything handed in so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.active || this.running.size) await Promise.all(this.running);
  }

  private async drain() {
    try {
      while (this.waiting.length) {
        let n = 0;
        let size = 0;
        while (n < this.waiting.length && (n === 0 || size + this.waiting[n]!.size <= this.maxSize))
          size += this.waiting[n++]!.size;
        await this.settle(this.waiting.splice(0, n));
      }
    } finally {
      this.active--;
    }
  }

  private async settle(batch: Waiting<T>[]) {
    try {
      await this.write(batch.map((w) => w.item));
      for (const w of batch) w.resolve();
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const w of batch) await this.settle([w]);
    }
  }
}
