import { useEffect, useState } from 'react';
import { storage } from '../../shared/storage';
import { authApi } from './api';
import type { PlatformSettings } from './types';

const CACHE_KEY = 'platformSettings';

/** Login-page branding from the platform settings, cached so the next visit paints at once. */
export function usePlatformSettings(): PlatformSettings | null {
  const [settings, setSettings] = useState<PlatformSettings | null>(() => storage.getJson<PlatformSettings>(CACHE_KEY));
  useEffect(() => {
    let alive = true;
    authApi
      .platform()
      .then(({ data }) => {
        if (!alive) return;
        storage.setJson(CACHE_KEY, data ?? null);
        setSettings(data ?? null);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return settings;
}

export function platformTitle(settings: PlatformSettings | null, lang: string, fallback: string): string {
  if (!settings) return fallback;
  return (lang === 'en-US' ? settings.platformNameEn || settings.platformName : settings.platformName) || fallback;
}
