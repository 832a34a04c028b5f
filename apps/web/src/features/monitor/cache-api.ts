import { type DataEnvelope, http } from '../../shared/request';

export interface CacheNamespace {
  /** with its trailing colon: 'dict:' */
  cacheName: string;
  cacheKey: string;
  cacheValue: string;
  /** the namespace's purpose, in the reader's language */
  remark: string;
  keys?: number;
}

export interface CacheOverview {
  kind: 'memory' | 'redis' | string;
  /** the store's own figures (Redis INFO fields, or the in-process counters) */
  info: Record<string, string | number>;
  dbSize: number;
  hits: number;
  misses: number;
  /** percent, null before the first read */
  hitRate: number | null;
  namespaces: CacheNamespace[];
}

export interface CacheValue {
  cacheName: string;
  cacheKey: string;
  cacheValue: string;
  /** seconds left; -1 without expiry */
  ttl: number | null;
  remark: string;
}

type Removed = DataEnvelope<{ removed: number }>;

const path = (value: string) => encodeURIComponent(value);

export const cacheApi = {
  overview: () => http.get<DataEnvelope<CacheOverview>>('/monitor/cache'),
  names: () => http.get<DataEnvelope<CacheNamespace[]>>('/monitor/cache/getNames'),
  keys: (cacheName: string) => http.get<DataEnvelope<string[]>>(`/monitor/cache/getKeys/${path(cacheName)}`),
  value: (cacheName: string, cacheKey: string) =>
    http.get<DataEnvelope<CacheValue>>(`/monitor/cache/getValue/${path(cacheName)}/${path(cacheKey)}`),
  clearName: (cacheName: string) => http.del<Removed>(`/monitor/cache/clearCacheName/${path(cacheName)}`),
  clearKey: (cacheKey: string) => http.del<Removed>(`/monitor/cache/clearCacheKey/${path(cacheKey)}`),
  clearAll: () => http.del<Removed>('/monitor/cache/clearCacheAll'),
};
