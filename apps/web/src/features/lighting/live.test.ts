import type { LiveMessage } from '@luxgrid/contracts';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../app/session';
import { applyMessage, commandStatus, liveDevice, mergeLive, timeOf, useLiveMessages } from './live';

describe('live state from the WebSocket', () => {
  beforeEach(() => {
    session.set({ currentProject: { id: 7, name: 'North' } });
  });

  it('merges device.state pushes of the current project and ignores other projects', () => {
    applyMessage({
      type: 'device.state',
      clientId: 1,
      projectId: 7,
      items: [{ deviceId: 11, uid: 'RTU-1', deviceType: 'RTU', ts: 1000, commState: 'ON', values: { voltage: 230 } }],
    });
    applyMessage({
      type: 'device.state',
      clientId: 1,
      projectId: 7,
      items: [{ deviceId: 11, uid: 'RTU-1', deviceType: 'RTU', ts: 2000, values: { lampState: 'ON' } }],
    });
    applyMessage({
      type: 'device.state',
      clientId: 1,
      projectId: 8,
      items: [{ deviceId: 11, uid: 'RTU-1', deviceType: 'RTU', ts: 3000, values: { voltage: 1 } }],
    });
    expect(liveDevice(11)).toMatchObject({ commState: 'ON', values: { voltage: 230, lampState: 'ON' }, ts: 2000 });
  });

  it('lets the newer of loaded and pushed state win', () => {
    const loaded = { commState: 'OFF' as const, values: { voltage: 220, power: 90 }, ts: 1500 };
    const merged = mergeLive(loaded, { commState: 'ON', values: { voltage: 231 }, ts: 2000 });
    expect(merged).toMatchObject({ commState: 'ON', values: { voltage: 231, power: 90 }, ts: 2000 });
    const older = mergeLive(loaded, { values: { voltage: 200 }, ts: 1000 });
    expect(older.values.voltage).toBe(220);
  });

  it('follows command.update by command id', () => {
    applyMessage({
      type: 'command.update',
      clientId: 1,
      projectId: 7,
      items: [{ commandId: 'c-1', deviceId: 11, status: 'DELIVERED', ts: 1 }],
    });
    expect(commandStatus('c-1')).toBe('DELIVERED');
  });

  it('reads both date formats the API answers', () => {
    expect(timeOf('2026-01-02T03:04:05.000Z')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(timeOf('2026-01-02 03:04:05')).toBe(new Date(2026, 0, 2, 3, 4, 5).getTime());
    expect(timeOf(null)).toBe(0);
  });

  it('hands progress pushes of the current project to the screens that listen for them', () => {
    const heard: LiveMessage['type'][] = [];
    const { unmount } = renderHook(() =>
      useLiveMessages(['schedule.progress', 'task.progress'], (message) => heard.push(message.type)),
    );
    const counts = { total: 1, pushed: 1, failed: 0, pending: 0 };
    applyMessage({
      type: 'schedule.progress',
      clientId: 1,
      projectId: 7,
      kind: 'STRATEGY',
      planId: 3,
      ...counts,
      issueState: 'PUSHED',
    });
    applyMessage({
      type: 'schedule.progress',
      clientId: 1,
      projectId: 8,
      kind: 'STRATEGY',
      planId: 3,
      ...counts,
      issueState: 'PUSHED',
    });
    expect(heard).toEqual(['schedule.progress']);
    unmount();
  });
});
