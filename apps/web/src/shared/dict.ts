import { useEffect, useState } from 'react';
import { type DataEnvelope, http } from './request';

export interface DictItem {
  dictCode?: number;
  dictLabel: string;
  dictValue: string;
  dictSort?: number;
  listClass?: string;
  cssClass?: string;
  isDefault?: string;
}

/** Dictionary fetch by type is cached for the page's life (spec §7). */
const cache = new Map<string, Promise<DictItem[]>>();
/** the lists already fetched, so a cell rendered later shows its label at once */
const loaded = new Map<string, DictItem[]>();

export function fetchDict(type: string): Promise<DictItem[]> {
  let pending = cache.get(type);
  if (!pending) {
    pending = http
      .get<DataEnvelope<DictItem[]>>(`/system/dict/data/type/${encodeURIComponent(type)}`)
      .then((res) => {
        const items = res.data ?? [];
        loaded.set(type, items);
        return items;
      })
      .catch((error: unknown) => {
        cache.delete(type);
        throw error;
      });
    cache.set(type, pending);
  }
  return pending;
}

export function clearDictCache(): void {
  cache.clear();
  loaded.clear();
}

export function useDict(type: string | undefined): DictItem[] {
  const [items, setItems] = useState<DictItem[]>(() => (type && loaded.get(type)) || []);
  useEffect(() => {
    if (!type) return;
    let alive = true;
    fetchDict(type)
      .then((data) => {
        if (alive) setItems(data);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [type]);
  return items;
}
