import { MAP_TYPES } from './enums.ts';

/*
 * Base maps: the tile URL templates of each map type are platform parameters (sys_config), so an
 * operator can point a map type at a licensed or a local tile server; `{key}` in a template is
 * filled with the map type's key parameter (Tianditu needs one). Tiles load only from hosts the
 * platform admits in its Content-Security-Policy (CSP_EXTRA_SOURCES); with none admitted, or when
 * the tiles cannot be reached, maps draw the offline base map from the project's own data.
 */

/** The parameter holding a map type's tile templates ('|' between the subdomains' templates). */
export const tileParamKey = (mapType: MAP_TYPES) => `gis.map.tiles.${mapType}`;
/** The parameter holding a map type's key, answered masked. */
export const keyParamKey = (mapType: MAP_TYPES) => `gis.map.key.${mapType}`;

/**
 * The templates a fresh platform starts with. `{1-4}` in a host stands for the subdomains 1 … 4
 * (one template each, so the browser spreads its requests). Baidu cuts its own tile grid: none.
 */
export const DEFAULT_TILE_TEMPLATES: Record<MAP_TYPES, string> = {
  gaode: 'https://webrd0{1-4}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
  baidu: '',
  tianditu:
    'https://t{0-3}.tianditu.gov.cn/vec_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=vec&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk={key}',
  google: 'https://mt{0-3}.google.com/vt/lyrs=m&x={x}&y={y}&z={z}',
  googleChina: 'https://www.google.cn/maps/vt?lyrs=m&gl=cn&x={x}&y={y}&z={z}',
};

/** One template per subdomain of a `{n-m}` range (digits only). */
export function expandSubdomains(template: string): string[] {
  const range = /\{(\d)-(\d)\}/.exec(template);
  if (!range) return [template];
  const out: string[] = [];
  for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(template.replace(range[0], String(n)));
  return out;
}

/** Map types whose templates need a key. */
export const KEYED_MAP_TYPES: readonly MAP_TYPES[] = ['tianditu'];

/** Whether a tile template's host is admitted by the CSP sources ('https:', 'https://host', 'https://*.domain'). */
export function admittedTemplate(template: string, sources: readonly string[]): boolean {
  const [, protocol, host] = /^(https?:)\/\/([^/?]+)/.exec(template) ?? [];
  if (!protocol || !host) return false;
  return sources.some((source) => {
    if (source === protocol || source === `${protocol}//${host}`) return true;
    const wild = /^(https?:)\/\/\*\.(.+)$/.exec(source);
    return !!wild && wild[1] === protocol && !!host.endsWith(`.${wild[2]}`);
  });
}

/**
 * The tile URLs a map type loads: its templates with the key filled in, those of admitted hosts
 * only; a template that needs a key nobody set is left out (it would only answer errors).
 */
export function tileTemplates(templates: string, key: string, sources: readonly string[]): string[] {
  return templates
    .split('|')
    .map((t) => t.trim())
    .filter(Boolean)
    .flatMap(expandSubdomains)
    .filter((t) => !t.includes('{key}') || key !== '')
    .map((t) => t.replaceAll('{key}', encodeURIComponent(key)))
    .filter((t) => admittedTemplate(t, sources));
}

export const isMapType = (value: unknown): value is MAP_TYPES => (MAP_TYPES as readonly unknown[]).includes(value);
