import { ASSET_KINDS, LIGHTING_CLASSES } from '@luxgrid/contracts/gis';
import type { TFunction } from 'i18next';

/** The asset types as select options, in the reader's language. */
export const kindOptions = (t: TFunction) => ASSET_KINDS.map((value) => ({ value, label: t(`gisKind.${value}`) }));

/** The EN 13201 lighting classes grouped by family (M, C, P). */
export const classOptions = (t: TFunction) =>
  (['M', 'C', 'P'] as const).map((family) => ({
    label: t(`gisRoad.class${family}`),
    options: LIGHTING_CLASSES.filter((c) => c.startsWith(family)).map((value) => ({ value, label: value })),
  }));

/** Asset colours on the map, by type. */
export const KIND_COLOURS: Record<string, string> = {
  POLE: '#bfbfbf',
  CABINET: '#9254de',
  LAMP: '#fadb14',
  CABLE: '#fa8c16',
  DEVICE: '#36cfc9',
  OTHER: '#f759ab',
};
