import { DEFAULT_TILE_TEMPLATES, KEYED_MAP_TYPES, keyParamKey, tileParamKey, tileTemplates } from '@luxgrid/contracts';
import type { MAP_TYPES } from '@luxgrid/contracts/enums';
import type { Deps } from '../../platform/context.ts';
import { getConfigValue } from '../system/config/config.service.ts';

/** The tile URLs of a map type: its templates and key from the platform parameters, admitted hosts only. */
export async function baseMapTiles(deps: Deps, mapType: MAP_TYPES): Promise<string[]> {
  const [templates, key] = await Promise.all([
    getConfigValue(deps, tileParamKey(mapType)),
    KEYED_MAP_TYPES.includes(mapType) ? getConfigValue(deps, keyParamKey(mapType)) : null,
  ]);
  return tileTemplates(templates ?? DEFAULT_TILE_TEMPLATES[mapType], key ?? '', deps.config.cspExtraSources);
}
