import type { LiveMessage } from '@luxgrid/contracts/live';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commandStatus, ensureLiveFeed, importProgress, liveDevice } from '../features/lighting/live';
import { session } from './session';
import { closeSocket, onPush, openSocket } from './socket';

/** Stands in for the browser's WebSocket: the test plays the server's frames into it. */
class ServerFrames {
  static last: ServerFrames | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    ServerFrames.last = this;
  }
  close() {}
  push(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' || data instanceof Blob ? data : JSON.stringify(data) });
  }
}

describe('the push channel in the browser', () => {
  const received: LiveMessage[] = [];
  let server: ServerFrames;

  beforeAll(() => {
    vi.stubGlobal('WebSocket', ServerFrames);
    session.set({ currentProject: { id: 7, name: 'North' } });
    ensureLiveFeed();
    onPush((message) => received.push(message));
    openSocket('token-1');
    server = ServerFrames.last!;
  });

  afterAll(() => {
    closeSocket();
    vi.unstubAllGlobals();
  });

  it('opens one socket on the page origin with the token', () => {
    expect(server.url).toMatch(/^ws:\/\/.+\/ws\?token=token-1$/);
    openSocket('token-1');
    expect(ServerFrames.last).toBe(server);
  });

  it('hands every kind of message to the store that keeps it', () => {
    server.push({ type: 'welcome', clientId: 1, projectId: 7 });
    server.push({ type: 'pong' });
    server.push({ type: 'error', msg: 'no such project' });
    server.push({
      type: 'device.state',
      clientId: 1,
      projectId: 7,
      items: [{ deviceId: 21, uid: 'RTU-21', deviceType: 'RTU', ts: 1000, commState: 'ON', values: { voltage: 229 } }],
    });
    server.push({
      type: 'device.event',
      clientId: 1,
      projectId: 7,
      items: [{ deviceId: 21, uid: 'RTU-21', eventType: 'LAMP_FAULT', level: 'serious', ts: 1500 }],
    });
    server.push({
      type: 'command.update',
      clientId: 1,
      projectId: 7,
      items: [{ commandId: 'cmd-21', deviceId: 21, status: 'SUCCESS', ts: 1600 }],
    });
    server.push({
      type: 'import.progress',
      clientId: 1,
      projectId: 7,
      recordId: 4,
      status: 'DONE',
      total: 10,
      processed: 10,
      successCount: 9,
      failCount: 1,
    });
    expect(received.map((m) => m.type)).toEqual([
      'welcome',
      'pong',
      'error',
      'device.state',
      'device.event',
      'command.update',
      'import.progress',
    ]);
    expect(liveDevice(21)).toMatchObject({
      commState: 'ON',
      values: { voltage: 229 },
      ts: 1000,
      event: { eventType: 'LAMP_FAULT', level: 'serious', ts: 1500 },
    });
    expect(commandStatus('cmd-21')).toBe('SUCCESS');
    expect(importProgress(4)).toEqual({
      recordId: 4,
      status: 'DONE',
      total: 10,
      processed: 10,
      successCount: 9,
      failCount: 1,
    });
  });

  it('ignores a malformed frame without crashing and keeps listening', () => {
    received.length = 0;
    const malformed = [
      'not json',
      '[]',
      new Blob(['{}']),
      { type: 'device.state', payload: { items: [{ deviceId: 22, values: { voltage: 1 } }] } },
      { type: 'device.state', clientId: 1, projectId: 7, items: [{ deviceId: 22, ts: 'soon' }] },
      {
        type: 'command.update',
        clientId: 1,
        projectId: 7,
        items: [{ commandId: 'cmd-21', deviceId: 21, status: 'LOST', ts: 1 }],
      },
      { type: 'forced.logout' },
    ];
    for (const frame of malformed) expect(() => server.push(frame)).not.toThrow();
    expect(received).toEqual([]);
    expect(liveDevice(22)).toBeUndefined();
    expect(commandStatus('cmd-21')).toBe('SUCCESS');
    server.push({
      type: 'command.update',
      clientId: 1,
      projectId: 7,
      items: [{ commandId: 'cmd-21', deviceId: 21, status: 'FAILED', ts: 1700 }],
    });
    expect(commandStatus('cmd-21')).toBe('FAILED');
  });

  it('keeps delivering to the other screens when one screen fails on a message', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = onPush(() => {
      throw new Error('screen failed');
    });
    server.push({
      type: 'device.state',
      clientId: 1,
      projectId: 7,
      items: [{ deviceId: 23, uid: 'RTU-23', deviceType: 'RTU', ts: 2000, commState: 'OFF' }],
    });
    stop();
    error.mockRestore();
    expect(liveDevice(23)?.commState).toBe('OFF');
    expect(received.at(-1)?.type).toBe('device.state');
  });
});
