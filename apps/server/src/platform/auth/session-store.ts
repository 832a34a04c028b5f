import { eq, lt } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db.ts';
import { sysSession } from './session.table.ts';

export interface Session {
  tokenId: string;
  userId: number;
  clientId: number | null;
  userName: string;
  deptName: string;
  ipaddr: string;
  browser: string;
  os: string;
  loginTime: number;
  lastAccess: number;
  expiresAt: number;
}

/**
 * Server-side sessions with sliding expiry, indexed per user. In the database by default,
 * in Redis when REDIS_URL is set, so that several server processes share them.
 */
export interface SessionStore {
  create(session: Session): Promise<void>;
  get(tokenId: string): Promise<Session | null>;
  /** Slides the expiry; writes at most once per TOUCH_INTERVAL. */
  touch(session: Session): Promise<void>;
  remove(tokenId: string): Promise<void>;
  removeUser(userId: number): Promise<void>;
  list(): Promise<Session[]>;
  purgeExpired(): Promise<void>;
}

const TOUCH_INTERVAL_MS = 60_000;

export class DbSessionStore implements SessionStore {
  /** a short in-process memo so that a burst of requests does not read the same row each time */
  private readonly memo = new Map<string, { session: Session; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  async create(session: Session) {
    await this.db.insert(sysSession).values(toRow(session));
  }

  async get(tokenId: string) {
    const now = this.clock.now();
    const memo = this.memo.get(tokenId);
    let session: Session | null = memo && memo.until > now ? memo.session : null;
    if (!session) {
      const [row] = await this.db.select().from(sysSession).where(eq(sysSession.tokenId, tokenId));
      session = row ? fromRow(row) : null;
      if (session) this.memo.set(tokenId, { session, until: now + 2_000 });
      if (this.memo.size > 50_000) this.memo.clear();
    }
    if (!session || session.expiresAt <= now) return null;
    return session;
  }

  async touch(session: Session) {
    const now = this.clock.now();
    if (now - session.lastAccess < TOUCH_INTERVAL_MS) return;
    session.lastAccess = now;
    session.expiresAt = now + this.ttlMs;
    await this.db
      .update(sysSession)
      .set({ lastAccess: new Date(now), expiresAt: new Date(session.expiresAt) })
      .where(eq(sysSession.tokenId, session.tokenId));
  }

  async remove(tokenId: string) {
    this.memo.delete(tokenId);
    await this.db.delete(sysSession).where(eq(sysSession.tokenId, tokenId));
  }

  async removeUser(userId: number) {
    for (const [key, value] of this.memo) if (value.session.userId === userId) this.memo.delete(key);
    await this.db.delete(sysSession).where(eq(sysSession.userId, userId));
  }

  async list() {
    const now = this.clock.now();
    const rows = await this.db.select().from(sysSession);
    return rows.map(fromRow).filter((s) => s.expiresAt > now);
  }

  async purgeExpired() {
    await this.db.delete(sysSession).where(lt(sysSession.expiresAt, new Date(this.clock.now())));
  }
}

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly cache: Cache,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  private ttlSeconds(session: Session) {
    return Math.max(1, Math.ceil((session.expiresAt - this.clock.now()) / 1000));
  }

  async create(session: Session) {
    await this.cache.set(`session:${session.tokenId}`, JSON.stringify(session), this.ttlSeconds(session));
    await this.cache.set(`session-user:${session.userId}:${session.tokenId}`, '1', this.ttlSeconds(session));
  }
  async get(tokenId: string) {
    const raw = await this.cache.get(`session:${tokenId}`);
    return raw ? (JSON.parse(raw) as Session) : null;
  }
  async touch(session: Session) {
    const now = this.clock.now();
    if (now - session.lastAccess < TOUCH_INTERVAL_MS) return;
    session.lastAccess = now;
    session.expiresAt = now + this.ttlMs;
    // only a session that still exists is prolonged: a request in flight while the session is
    // forced out or signs out must not bring it back
    const ttl = this.ttlSeconds(session);
    if (await this.cache.setIfPresent(`session:${session.tokenId}`, JSON.stringify(session), ttl))
      await this.cache.setIfPresent(`session-user:${session.userId}:${session.tokenId}`, '1', ttl);
  }
  async remove(tokenId: string) {
    const session = await this.get(tokenId);
    await this.cache.del(`session:${tokenId}`, ...(session ? [`session-user:${session.userId}:${tokenId}`] : []));
  }
  async removeUser(userId: number) {
    for (const key of await this.cache.keys(`session-user:${userId}:`)) {
      await this.cache.del(`session:${key.split(':')[2]}`, key);
    }
  }
  async list() {
    const out: Session[] = [];
    for (const key of await this.cache.keys('session:')) {
      const raw = await this.cache.get(key);
      if (raw) out.push(JSON.parse(raw) as Session);
    }
    return out;
  }
  async purgeExpired() {
    /* Redis expires keys itself */
  }
}

function toRow(s: Session) {
  return {
    ...s,
    loginTime: new Date(s.loginTime),
    lastAccess: new Date(s.lastAccess),
    expiresAt: new Date(s.expiresAt),
  };
}

function fromRow(row: typeof sysSession.$inferSelect): Session {
  return {
    ...row,
    loginTime: row.loginTime.getTime(),
    lastAccess: row.lastAccess.getTime(),
    expiresAt: row.expiresAt.getTime(),
  };
}
