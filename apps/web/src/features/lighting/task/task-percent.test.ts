import { describe, expect, it } from 'vitest';
import { taskPercent } from './TaskPanel';

const counts = (over: Partial<Record<string, number>>) => ({
  PENDING: 0,
  SENT: 0,
  DELIVERED: 0,
  SUCCESS: 0,
  FAILED: 0,
  TIMEOUT: 0,
  EXPIRED: 0,
  CANCELED: 0,
  ...over,
});

describe('task progress bar', () => {
  it('counts every end state as done, in whole per cent, and 100 % only when all ended', () => {
    expect(taskPercent({ total: 3, counts: counts({ PENDING: 1, SUCCESS: 1, FAILED: 1 }) })).toBe(66);
    expect(taskPercent({ total: 200, counts: counts({ SENT: 1, SUCCESS: 199 }) })).toBe(99);
    expect(
      taskPercent({ total: 5, counts: counts({ SUCCESS: 1, FAILED: 1, TIMEOUT: 1, EXPIRED: 1, CANCELED: 1 }) }),
    ).toBe(100);
    expect(taskPercent({ total: 0, counts: counts({}) })).toBe(100);
  });
});
