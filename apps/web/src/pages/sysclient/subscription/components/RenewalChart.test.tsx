import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { SubscriptionRow } from '../../../../features/tenant/types';
import { renewalBuckets } from './RenewalChart';

const row = (endTime: string) => ({ endTime }) as SubscriptionRow;

describe('renewals per month', () => {
  it('counts the subscriptions ending in each of the next twelve months', () => {
    const buckets = renewalBuckets(
      [
        row('2026-11-30 23:59:59'),
        row('2026-12-01 00:00:00'),
        row('2026-12-31'),
        row('2027-10-15'),
        row('2027-11-01'),
        row('2026-10-31'),
      ],
      dayjs('2026-11-21 12:00:00'),
    );
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toEqual({ month: '2026-11', count: 1 });
    expect(buckets[1]).toEqual({ month: '2026-12', count: 2 });
    expect(buckets[11]).toEqual({ month: '2027-10', count: 1 });
    expect(buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(4);
  });
});
