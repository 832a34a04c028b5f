import { bigint, doublePrecision, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { ref } from '../../../db/columns.ts';

/**
 * The city-zoom summary of a project's map (modules/lighting/map/map-rollup.ts): its placed devices
 * counted per base grid cell, device type and map state, with the sum of their coordinates, held
 * as one row of parallel columns, and the box around them. A large city's low zoom and legend read
 * it instead of every device; it is counted again in the background once older than
 * MAP_ROLLUP_MAX_AGE_MS.
 */
export const ltMapRollup = pgTable('lt_map_rollup', {
  projectId: ref('project_id').primaryKey(),
  /** when it was counted (epoch ms) */
  builtAt: bigint('built_at', { mode: 'number' }).notNull(),
  /** placed devices counted */
  devices: integer('devices').notNull(),
  /** base cell column and row: floor(longitude / side), floor(latitude / side) */
  cx: integer('cx').array().notNull(),
  cy: integer('cy').array().notNull(),
  /** device type as an index into MAP_DEVICE_TYPES, map state as an index into MAP_STATES */
  t: smallint('t').array().notNull(),
  s: smallint('s').array().notNull(),
  /** how many, and the sums of their longitudes and latitudes */
  n: integer('n').array().notNull(),
  sx: doublePrecision('sx').array().notNull(),
  sy: doublePrecision('sy').array().notNull(),
  /** the box around the placed devices (null when none is placed) */
  west: doublePrecision('west'),
  south: doublePrecision('south'),
  east: doublePrecision('east'),
  north: doublePrecision('north'),
});
