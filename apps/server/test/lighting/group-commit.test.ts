import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/platform/devices/group-commit.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('command answers settled together (group commit)', () => {
  it('settles what arrives while a write runs in the next write, each caller once its write committed', async () => {
    const writes: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const group = new GroupCommit<number>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await gate;
    }, 100);
    const settled: number[] = [];
    const first = [1, 2].map((n) => group.add(n).then(() => settled.push(n)));
    await tick();
    await tick();
    const later = [3, 4, 5].map((n) => group.add(n).then(() => settled.push(n)));
    await tick();
    expect(writes).toEqual([[1, 2]]);
    expect(settled).toEqual([]);
    release();
    await Promise.all([...first, ...later]);
    expect(writes).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect(settled).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps each write within its size, a larger piece going alone', async () => {
    const writes: string[][] = [];
    const group = new GroupCommit<string>(async (items) => void writes.push(items), 10);
    await Promise.all([
      group.add('a', 4),
      group.add('b', 4),
      group.add('c', 4),
      group.add('big', 30),
      group.add('d', 1),
    ]);
    expect(writes).toEqual([['a', 'b'], ['c'], ['big'], ['d']]);
  });

  it('fails only the piece that cannot be written: the others of its write are written again on their own', async () => {
    const committed: string[] = [];
    const group = new GroupCommit<string>(async (items) => {
      if (items.includes('bad')) throw new Error('bad answer');
      committed.push(...items);
    }, 100);
    const results = await Promise.allSettled(['a', 'bad', 'b'].map((s) => group.add(s)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed).toEqual(['a', 'b']);
    await group.idle();
  });

  it('runs at most its lanes of writes at once and idles once all are written', async () => {
    let running = 0;
    let most = 0;
    const group = new GroupCommit<number>(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
      },
      1,
      2,
    );
    for (let n = 0; n < 8; n++) void group.add(n);
    await group.idle();
    expect(most).toBe(2);
    expect(running).toBe(0);
  });
});
