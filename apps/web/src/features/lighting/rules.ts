import { deviceTypeDefinition } from '@luxgrid/contracts/things/index';
import {
  CHANNEL_MAX,
  CHANNEL_MIN,
  ACTION_PERMISSION as FAMILY_ACTION_PERMISSION,
  ALLOWED_PARENTS as FAMILY_ALLOWED_PARENTS,
  IMPORT_TYPES as FAMILY_IMPORT_TYPES,
  permResource as familyPermResource,
  LIGHTING,
  MESH_TYPES,
  PANID_MAX,
  PANID_MIN,
  SESSION_TYPES,
  TERMINAL_TYPES,
} from '@luxgrid/contracts/things/lighting';
import type { CommandStatus, Connection, ControlAction, DeviceType } from './types';

/*
 * The registry rules the forms check before the server does (spec §5, §9). What a device type
 * is comes from the thing model (packages/contracts/src/things), which carries no validation
 * library; the registry's own numbers mirror packages/contracts/src/lighting.ts (rules.test.ts
 * proves they agree) so that the web bundle does not carry the server's validation library.
 */
export { CHANNEL_MAX, CHANNEL_MIN, MESH_TYPES, PANID_MAX, PANID_MIN, SESSION_TYPES, TERMINAL_TYPES };
export const NON_DIRECT_TAG_LIMIT = 2;
export const DEFAULT_LAMP_HEAD_LIMIT = 2;
export const METER_ADDRESS_MAX = 32;
export const SWITCH_MODULE_ADDRESS_MAX = 8;
export const SWITCH_MODULE_IO = 8;
/** ZigBee (6) and Wi-SUN (9) mesh terminals carry a channel and a PANID. */
export const MESH_COMM_TYPES = [6, 9];

export const ALLOWED_PARENTS = FAMILY_ALLOWED_PARENTS as Record<DeviceType, readonly DeviceType[]>;

/** The types an import template exists for, in the order a city is imported. */
export const IMPORT_TYPES: readonly DeviceType[] = FAMILY_IMPORT_TYPES;

/** The page whose button permissions govern a device type (as the server decides). */
export const permResource: (type: DeviceType) => 'box' | 'branch' | 'device' = familyPermResource;

/** Types the box page manages (its permissions are lighting:box:*), and the circuits (lighting:branch:*). */
export const BOX_TYPES = LIGHTING.types.map((type) => type.code as DeviceType).filter((t) => permResource(t) === 'box');
export const CIRCUIT_TYPES = LIGHTING.types
  .map((type) => type.code as DeviceType)
  .filter((t) => permResource(t) === 'branch');

/** Types imported under the box page's permission (boxes, their parts and circuits), in import order. */
export const BOX_IMPORT_TYPES = IMPORT_TYPES.filter((type) => permResource(type) !== 'device');
/** The import permission of a type: circuits are imported with their boxes. */
export const importPerm = (type: DeviceType) => `lighting:${permResource(type) === 'device' ? 'device' : 'box'}:import`;
/** Every type the device page adds: its own first, then the box page's in the order they are built. */
export const DEVICE_PAGE_TYPES: readonly DeviceType[] = [
  ...LIGHTING.types.map((type) => type.code as DeviceType).filter((type) => permResource(type) === 'device'),
  ...BOX_IMPORT_TYPES,
];

/** Types that answer a state reading (召测) themselves. */
export const QUERY_TYPES: readonly DeviceType[] = LIGHTING.types
  .filter((type) => type.commands.some((command) => command.action === 'calling' && !command.passedTo))
  .map((type) => type.code as DeviceType);

export const isTerminal = (type: DeviceType) => TERMINAL_TYPES.includes(type);
export const holdsSession = (type: DeviceType, connection: Connection | null | undefined) =>
  SESSION_TYPES.includes(type) || (isTerminal(type) && connection === 'DIRECT');

export const perm = (type: DeviceType, action: string) => `lighting:${permResource(type)}:${action}`;

/** Whether a device type takes a channel and PANID (mesh terminals and concentrators). */
export function meshCapable(type: DeviceType, commType: number | null | undefined): boolean {
  return (
    MESH_TYPES.includes(type) && (commType === null || commType === undefined || MESH_COMM_TYPES.includes(commType))
  );
}

export function channelValid(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  const n = Number(value);
  return Number.isInteger(n) && n >= CHANNEL_MIN && n <= CHANNEL_MAX;
}

export function panidValid(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  const n = Number(value);
  return Number.isInteger(n) && n >= PANID_MIN && n <= PANID_MAX;
}

/** Non-direct terminals hold at most two tags; everything else is unlimited. */
export function tagLimit(type: DeviceType, connection: Connection | null | undefined): number {
  return isTerminal(type) && connection !== 'DIRECT' ? NON_DIRECT_TAG_LIMIT : Number.POSITIVE_INFINITY;
}

/** Free addresses of a box for meters (1–32) or switch modules (1–8), lowest first. */
export function freeAddresses(type: 'METER' | 'SWITCH_MODULE', used: readonly (number | null)[], own?: number | null) {
  const max = type === 'METER' ? METER_ADDRESS_MAX : SWITCH_MODULE_ADDRESS_MAX;
  const taken = new Set(used.filter((a): a is number => a !== null && a !== own));
  const free: number[] = [];
  for (let a = 1; a <= max; a++) if (!taken.has(a)) free.push(a);
  return free;
}

/* ---------------------------------------------------------------- control */

export const LIGHT_ACTIONS: readonly ControlAction[] = ['LIGHT_ON', 'LIGHT_OFF', 'LIGHT_DIMMING'];
export const BREAKER_ACTIONS: readonly ControlAction[] = ['BREAKER_ON', 'BREAKER_OFF'];
export const QUERY_ACTIONS: readonly ControlAction[] = ['calling', 'restart', 'timing', 'clockcalling'];
export const ALL_ACTIONS: readonly ControlAction[] = [...LIGHT_ACTIONS, ...BREAKER_ACTIONS, ...QUERY_ACTIONS];

/** The button permission suffix (lighting:<page>:<suffix>) each action demands. */
export const ACTION_PERMISSION: Record<ControlAction, string> = FAMILY_ACTION_PERMISSION;

/** The actions that reach a device of this type (containers pass lamp commands to their terminals). */
export function actionsFor(type: DeviceType): ControlAction[] {
  return (deviceTypeDefinition(type)?.commands ?? []).map((command) => command.action as ControlAction);
}

/** Actions that change what a lamp or circuit does ask for a confirmation first. */
export const CONFIRMED_ACTIONS: readonly ControlAction[] = [...LIGHT_ACTIONS, ...BREAKER_ACTIONS, 'restart'];

export const FINAL_COMMAND_STATES: readonly CommandStatus[] = ['SUCCESS', 'FAILED', 'TIMEOUT', 'EXPIRED', 'CANCELED'];
export const CANCELABLE_COMMAND_STATES: readonly CommandStatus[] = ['PENDING', 'SENT', 'DELIVERED'];
export const isFinal = (status: string) => (FINAL_COMMAND_STATES as readonly string[]).includes(status);
