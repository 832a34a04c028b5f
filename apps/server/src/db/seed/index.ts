import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import { type Db, MIGRATION_LOCK } from '../../platform/db.ts';
import { seedAccounts } from './accounts-seed.ts';
import { seedPlatform } from './platform-seed.ts';

/**
 * Idempotent: safe on every start. One transaction under the migrations' advisory lock, so that
 * server processes starting together on an empty database seed it once, one after the other.
 */
export async function seed(db: Db, clock: Clock, opts: { demo: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    const seeding = tx as unknown as Db;
    await seedPlatform(seeding);
    await seedAccounts(seeding, clock, opts);
  });
}
