import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { seedAccounts } from './accounts-seed.ts';
import { seedPlatform } from './platform-seed.ts';

/** Idempotent: safe on every start. */
export async function seed(db: Db, clock: Clock, opts: { demo: boolean }): Promise<void> {
  await seedPlatform(db);
  await seedAccounts(db, clock, opts);
}
