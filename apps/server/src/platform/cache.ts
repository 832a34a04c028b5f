import { EventEmitter } from 'node:events';
import type { Clock } from './clock.ts';

/**
 * Cache and pub/sub shared by every server process: in-process by default, Redis when
 * REDIS_URL is set. Values are strings; callers own their encoding.
 */
export interface Cache {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Sets only when absent; true when this call set it (leader election, duplicate-submit guard). */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Sets only when present; true when this call set it (refreshing what may have been removed meanwhile). */
  setIfPresent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  getDel(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<void>;
  incr(key: string, ttlSeconds: number): Promise<number>;
  ttl(key: string): Promise<number>;
  /** Keys under a prefix, walked incrementally (never KEYS *). */
  keys(prefix: string, limit?: number): Promise<string[]>;
  delPrefix(prefix: string): Promise<number>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  ping(): Promise<boolean>;
  info(): Promise<Record<string, string | number>>;
  close(): Promise<void>;
}

interface Entry {
  value: string;
  expiresAt: number;
}

export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly map = new Map<string, Entry>();
  private readonly bus = new EventEmitter();
  private hits = 0;
  private misses = 0;

  constructor(private readonly clock: Clock) {
    this.bus.setMaxListeners(0);
  }

  private live(key: string): Entry | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now()) {
      this.map.delete(key);
      return undefined;
    }
    return entry;
  }

  private expiry(ttlSeconds?: number): number {
    return ttlSeconds && ttlSeconds > 0 ? this.clock.now() + ttlSeconds * 1000 : Number.POSITIVE_INFINITY;
  }

  async get(key: string) {
    const entry = this.live(key);
    if (entry) this.hits++;
    else this.misses++;
    return entry?.value ?? null;
  }
  async set(key: string, value: string, ttlSeconds?: number) {
    this.map.set(key, { value, expiresAt: this.expiry(ttlSeconds) });
  }
  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    if (this.live(key)) return false;
    this.map.set(key, { value, expiresAt: this.expiry(ttlSeconds) });
    return true;
  }
  async setIfPresent(key: string, value: string, ttlSeconds: number) {
    if (!this.live(key)) return false;
    this.map.set(key, { value, expiresAt: this.expiry(ttlSeconds) });
    return true;
  }
  async getDel(key: string) {
    const entry = this.live(key);
    this.map.delete(key);
    return entry?.value ?? null;
  }
  async del(...keys: string[]) {
    for (const key of keys) this.map.delete(key);
  }
  async incr(key: string, ttlSeconds: number) {
    const entry = this.live(key);
    const next = (entry ? Number(entry.value) : 0) + 1;
    this.map.set(key, { value: String(next), expiresAt: entry?.expiresAt ?? this.expiry(ttlSeconds) });
    return next;
  }
  async ttl(key: string) {
    const entry = this.live(key);
    if (!entry) return -2;
    return entry.expiresAt === Number.POSITIVE_INFINITY ? -1 : Math.ceil((entry.expiresAt - this.clock.now()) / 1000);
  }
  async keys(prefix: string, limit = 10_000) {
    const out: string[] = [];
    for (const key of this.map.keys()) {
      if (key.startsWith(prefix) && this.live(key)) out.push(key);
      if (out.length >= limit) break;
    }
    return out;
  }
  async delPrefix(prefix: string) {
    let count = 0;
    for (const key of [...this.map.keys()]) {
      if (key.startsWith(prefix)) {
        this.map.delete(key);
        count++;
      }
    }
    return count;
  }
  async publish(channel: string, message: string) {
    this.bus.emit(channel, message);
  }
  async subscribe(channel: string, handler: (message: string) => void) {
    this.bus.on(channel, handler);
  }
  async ping() {
    return true;
  }
  async info() {
    return { kind: 'memory', keys: this.map.size, hits: this.hits, misses: this.misses };
  }
  async close() {
    this.map.clear();
    this.bus.removeAllListeners();
  }
}

export async function openRedisCache(url: string): Promise<Cache> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await client.connect();
  let subscriber: InstanceType<typeof Redis> | undefined;
  const handlers = new Map<string, ((message: string) => void)[]>();
  const prefix = 'luxgrid:';
  const k = (key: string) => prefix + key;
  return {
    kind: 'redis',
    get: (key) => client.get(k(key)),
    async set(key, value, ttlSeconds) {
      if (ttlSeconds && ttlSeconds > 0) await client.set(k(key), value, 'EX', ttlSeconds);
      else await client.set(k(key), value);
    },
    async setIfAbsent(key, value, ttlSeconds) {
      return (await client.set(k(key), value, 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    async setIfPresent(key, value, ttlSeconds) {
      return (await client.set(k(key), value, 'EX', ttlSeconds, 'XX')) === 'OK';
    },
    getDel: (key) => client.getdel(k(key)),
    async del(...keys) {
      if (keys.length) await client.del(...keys.map(k));
    },
    async incr(key, ttlSeconds) {
      const [[, value]] = (await client.multi().incr(k(key)).expire(k(key), ttlSeconds, 'NX').exec()) as [
        [null, number],
      ];
      return value;
    },
    ttl: (key) => client.ttl(k(key)),
    async keys(keyPrefix, limit = 10_000) {
      const out: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await client.scan(cursor, 'MATCH', `${k(keyPrefix)}*`, 'COUNT', 500);
        cursor = next;
        for (const key of batch) out.push(key.slice(prefix.length));
      } while (cursor !== '0' && out.length < limit);
      return out.slice(0, limit);
    },
    async delPrefix(keyPrefix) {
      let count = 0;
      let cursor = '0';
      do {
        const [next, batch] = await client.scan(cursor, 'MATCH', `${k(keyPrefix)}*`, 'COUNT', 500);
        cursor = next;
        if (batch.length) count += await client.unlink(...batch);
      } while (cursor !== '0');
      return count;
    },
    async publish(channel, message) {
      await client.publish(k(channel), message);
    },
    async subscribe(channel, handler) {
      if (!subscriber) {
        subscriber = client.duplicate();
        subscriber.on('message', (ch: string, message: string) => {
          for (const h of handlers.get(ch) ?? []) h(message);
        });
      }
      const list = handlers.get(k(channel)) ?? [];
      if (!list.length) await subscriber.subscribe(k(channel));
      list.push(handler);
      handlers.set(k(channel), list);
    },
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async info() {
      const raw = await client.info();
      const out: Record<string, string | number> = { kind: 'redis' };
      for (const line of raw.split('\r\n')) {
        const [key, value] = line.split(':');
        if (
          value !== undefined &&
          /^(redis_version|used_memory_human|connected_clients|keyspace_hits|keyspace_misses|uptime_in_seconds|total_commands_processed)$/.test(
            key!,
          )
        )
          out[key!] = value;
      }
      out.keys = await client.dbsize();
      return out;
    },
    async close() {
      subscriber?.disconnect();
      await client.quit().catch(() => client.disconnect());
    },
  };
}
