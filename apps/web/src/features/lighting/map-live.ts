import type { LiveMessage } from '@luxgrid/contracts/live';
import { LAMP_FAILURE_CODES, MAP_STATES, type MapState, mapDim, mapState } from '@luxgrid/contracts/map';
import { isFaultEvent } from './geo';

/**
 * What the map knows of each device it drew, enough to recompute its map state from a live push
 * (which carries only what changed): its type, communication state, the values that decide how it
 * looks, and its fault flag. Seeded from the viewport answer (state and dim level).
 */
export interface MapDeviceState {
  type: string;
  commState: string;
  values: Record<string, unknown>;
  fault: boolean;
  /** the fault is lamp failures only: a lit report clears it (as the device hub clears them) */
  litClears: boolean;
  s: number;
  d: number;
}

const LAMP_FAILURES = new Set<string>(LAMP_FAILURE_CODES);

/** The record of a device as the viewport answered it (`f`: its fault is lamp failures only). */
export function seedState(type: string, s: number, d: number, f = 0): MapDeviceState {
  const state = MAP_STATES[s] as MapState;
  const commState = state === 'init' ? 'INIT' : state === 'offline' ? 'OFF' : 'ON';
  const values: Record<string, unknown> =
    type === 'RTU' && state !== 'init' && state !== 'offline' && state !== 'fault'
      ? { lampState: state === 'off' ? 'OFF' : 'ON', dimLevel: state === 'off' ? 0 : d }
      : {};
  return { type, commState, values, fault: state === 'fault', litClears: state === 'fault' && f === 1, s, d };
}

/**
 * Applies one live message to the known devices; answers the devices whose look changed
 * (id → new state index and dim level). Devices not drawn are ignored.
 */
export function applyLive(known: Map<number, MapDeviceState>, message: LiveMessage): Map<number, MapDeviceState> {
  const changed = new Map<number, MapDeviceState>();
  const restate = (id: number, device: MapDeviceState) => {
    const state = mapState(device.type, device.commState, device.values, device.fault);
    const s = MAP_STATES.indexOf(state);
    const d = mapDim(state, device.values);
    if (s !== device.s || d !== device.d) {
      device.s = s;
      device.d = d;
      changed.set(id, device);
    }
  };
  if (message.type === 'device.state') {
    for (const item of message.items) {
      const device = known.get(item.deviceId);
      if (!device) continue;
      if (item.commState) device.commState = item.commState;
      if (item.values) device.values = { ...device.values, ...item.values };
      if (device.fault && device.litClears && item.values?.lampState === 'ON') device.fault = false;
      restate(item.deviceId, device);
    }
  } else if (message.type === 'device.event') {
    for (const item of message.items) {
      const device = known.get(item.deviceId);
      if (!device) continue;
      if (item.eventType === 'RECOVER') device.fault = false;
      else if (isFaultEvent(item.eventType)) {
        device.litClears = (!device.fault || device.litClears) && LAMP_FAILURES.has(item.eventType);
        device.fault = true;
      }
      restate(item.deviceId, device);
    }
  }
  return changed;
}
