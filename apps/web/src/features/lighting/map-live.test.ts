import { MAP_STATES } from '@luxgrid/contracts/map';
import { describe, expect, it } from 'vitest';
import { applyLive, type MapDeviceState, seedState } from './map-live';

const idx = (state: (typeof MAP_STATES)[number]) => MAP_STATES.indexOf(state);
const state = (items: { deviceId: number; commState?: 'ON' | 'OFF'; values?: Record<string, unknown> }[]) =>
  ({
    type: 'device.state',
    clientId: 1,
    projectId: 1,
    items: items.map((item) => ({ uid: `U${item.deviceId}`, deviceType: 'RTU', ts: 1, ...item })),
  }) as never;

describe('live map restyling', () => {
  it('turns an off lamp lit, then dimmed with its level, and reports only what changed', () => {
    const known = new Map<number, MapDeviceState>([
      [1, seedState('RTU', idx('off'), 0)],
      [2, seedState('RTU', idx('on'), 100)],
    ]);
    let changed = applyLive(known, state([{ deviceId: 1, values: { lampState: 'ON', dimLevel: 100 } }]));
    expect([...changed.keys()]).toEqual([1]);
    expect(changed.get(1)).toMatchObject({ s: idx('on'), d: 100 });
    changed = applyLive(
      known,
      state([
        { deviceId: 1, values: { dimLevel: 30 } },
        { deviceId: 9, values: {} },
      ]),
    );
    expect(changed.get(1)).toMatchObject({ s: idx('dimmed'), d: 30 });
    // the same again changes nothing
    expect(applyLive(known, state([{ deviceId: 1, values: { dimLevel: 30 } }])).size).toBe(0);
  });

  it('marks a lamp faulty on a fault event, offline when it drops, and clears the fault on recovery', () => {
    const known = new Map<number, MapDeviceState>([[5, seedState('RTU', idx('on'), 100)]]);
    const event = (eventType: string) =>
      ({
        type: 'device.event',
        clientId: 1,
        projectId: 1,
        items: [{ deviceId: 5, uid: 'U5', eventType, level: 'urgent', ts: 1 }],
      }) as never;
    expect(applyLive(known, event('RtuTilt')).get(5)?.s).toBe(idx('fault'));
    expect(applyLive(known, event('RECOVER')).get(5)?.s).toBe(idx('on'));
    expect(applyLive(known, state([{ deviceId: 5, commState: 'OFF' }])).get(5)?.s).toBe(idx('offline'));
  });

  it('clears a lamp failure when the lamp reports it is lit, as the device hub does, but not a tilt', () => {
    const known = new Map<number, MapDeviceState>([
      [1, seedState('RTU', idx('fault'), 0, 1)],
      [2, seedState('RTU', idx('fault'), 0, 0)],
      [3, seedState('RTU', idx('off'), 0)],
    ]);
    const lit = state([1, 2, 3].map((deviceId) => ({ deviceId, values: { lampState: 'ON', dimLevel: 30 } })));
    const changed = applyLive(known, lit);
    expect(changed.get(1)).toMatchObject({ s: idx('dimmed'), d: 30 });
    expect(changed.has(2)).toBe(false);
    expect(changed.get(3)).toMatchObject({ s: idx('dimmed'), d: 30 });
    // a lamp failure raised live is cleared by the next lit report; a tilt beside it is not
    const event = (deviceId: number, eventType: string) =>
      ({
        type: 'device.event',
        clientId: 1,
        projectId: 1,
        items: [{ deviceId, uid: `U${deviceId}`, eventType, level: 'urgent', ts: 1 }],
      }) as never;
    expect(applyLive(known, event(3, 'LampFault')).get(3)?.s).toBe(idx('fault'));
    expect(applyLive(known, state([{ deviceId: 3, values: { lampState: 'ON' } }])).get(3)?.s).toBe(idx('dimmed'));
    applyLive(known, event(1, 'LampFault'));
    applyLive(known, event(1, 'RtuTilt'));
    expect(applyLive(known, state([{ deviceId: 1, values: { lampState: 'ON' } }])).size).toBe(0);
  });
});
