import { describe, expect, it } from 'vitest';
import { type LiveMessage, liveMessage, liveRequest, parseLiveMessage } from './live.ts';

/** One message of every kind the server sends over /ws, as the server writes it. */
const EVERY_KIND: Record<LiveMessage['type'], LiveMessage> = {
  welcome: { type: 'welcome', clientId: 3, projectId: null },
  error: { type: 'error', msg: 'no such project' },
  pong: { type: 'pong' },
  'device.state': {
    type: 'device.state',
    clientId: 3,
    projectId: 7,
    items: [
      {
        deviceId: 11,
        uid: 'RTU-1',
        deviceType: 'RTU',
        ts: 1_764_000_000_000,
        commState: 'ON',
        values: { voltage: 230 },
      },
      { deviceId: 12, uid: 'CCU-1', deviceType: 'CCU', ts: 1_764_000_000_000, commState: 'OFF' },
    ],
  },
  'device.event': {
    type: 'device.event',
    clientId: 3,
    projectId: 7,
    items: [{ deviceId: 11, uid: 'RTU-1', eventType: 'OFFLINE', level: 'serious', ts: 1_764_000_000_000 }],
  },
  'command.update': {
    type: 'command.update',
    clientId: 3,
    projectId: 7,
    items: [{ commandId: 'c-1', deviceId: 11, status: 'DELIVERED', ts: 1_764_000_000_000 }],
  },
  'task.progress': {
    type: 'task.progress',
    clientId: 3,
    projectId: 7,
    batchId: '5b0a4a52-1f3e-4c55-9a57-3f1d3c0e9b21',
    total: 4,
    counts: { PENDING: 0, SENT: 1, DELIVERED: 0, SUCCESS: 2, FAILED: 1, TIMEOUT: 0, EXPIRED: 0, CANCELED: 0 },
    done: false,
  },
  'import.progress': {
    type: 'import.progress',
    clientId: 3,
    projectId: 7,
    recordId: 5,
    status: 'RUNNING',
    total: 100,
    processed: 50,
    successCount: 49,
    failCount: 1,
  },
  'alarm.update': {
    type: 'alarm.update',
    clientId: 3,
    projectId: 7,
    items: [
      {
        alarmId: 21,
        deviceId: 11,
        uid: 'RTU-1',
        deviceName: 'Lamp 1',
        alarmConfigType: 'LampFault',
        grade: 'serious',
        state: 'NEW',
        action: 'NEW',
        sound: true,
        ts: 1_764_000_000_000,
      },
    ],
  },
  'schedule.progress': {
    type: 'schedule.progress',
    clientId: 3,
    projectId: 7,
    kind: 'STRATEGY',
    planId: 5,
    total: 40,
    pushed: 38,
    failed: 1,
    pending: 1,
    issueState: 'UN_PUSH',
  },
  'app.push': {
    type: 'app.push',
    clientId: 3,
    projectId: null,
    pushId: 9,
    title: 'Storm tonight',
    content: 'Crews on standby from 20:00',
    sender: 'demo_admin',
    ts: 1_764_000_000_000,
  },
};

describe('live messages over /ws', () => {
  it.each(Object.entries(EVERY_KIND))('reads a %s message as it is on the wire', (_type, message) => {
    expect(liveMessage.parse(message)).toEqual(message);
    expect(parseLiveMessage(JSON.stringify(message))).toEqual(message);
  });

  it('refuses what is not a live message', () => {
    const malformed = [
      'not json',
      '42',
      'null',
      JSON.stringify({ type: 'device.state', payload: { items: [] } }),
      JSON.stringify({ type: 'notice', msg: 'hello' }),
      JSON.stringify({ ...EVERY_KIND['device.state'], projectId: '7' }),
      JSON.stringify({
        ...EVERY_KIND['command.update'],
        items: [{ commandId: 'c-1', deviceId: 11, status: 'DONE', ts: 1 }],
      }),
      JSON.stringify({ ...EVERY_KIND['import.progress'], processed: -1 }),
      JSON.stringify({ type: 'device.event', clientId: 3, projectId: 7 }),
    ];
    for (const text of malformed) expect(parseLiveMessage(text), text).toBeNull();
  });

  it('reads what a browser may send', () => {
    expect(liveRequest.parse({ type: 'subscribe', projectId: 7 })).toEqual({ type: 'subscribe', projectId: 7 });
    expect(liveRequest.parse({ type: 'subscribe', projectId: null })).toEqual({ type: 'subscribe', projectId: null });
    expect(liveRequest.parse({ type: 'ping' })).toEqual({ type: 'ping' });
    expect(liveRequest.safeParse({ type: 'publish', projectId: 7 }).success).toBe(false);
  });
});
