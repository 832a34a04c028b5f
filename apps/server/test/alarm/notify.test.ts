import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HubDevice } from '@luxgrid/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmDetection } from '../../src/modules/alarm/detection/detection.ts';
import { claimDue, LEASE_MS, MAX_ATTEMPTS } from '../../src/modules/alarm/notify/outbox.ts';
import { RETENTION_KEY, retentionDays } from '../../src/modules/alarm/notify/retention.ts';
import { NotifyWorker, notifyWorker } from '../../src/modules/alarm/notify/worker.ts';
import type { HubEvent } from '../../src/platform/devices/events.ts';
import { jobHandler } from '../../src/platform/jobs/registry.ts';
import { secondCustomer } from '../fixtures.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { demo } from '../lighting/helpers.ts';

const SECRET = 'lamp-post-secret';

/** A webhook receiver on a free port: answers 500 to the first `failing` requests, then 200. */
async function receiver() {
  const got: { headers: IncomingHttpHeaders; raw: string }[] = [];
  const state = { failing: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      if (state.failing > 0) {
        state.failing--;
        res.writeHead(500).end('busy');
      } else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/alarms`;
  return { got, state, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A real SMTP server (smtp-server) that requires a user and password and keeps what it receives. */
async function smtp(user: string, pass: string) {
  const mails: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === pass) cb(null, { user });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { mails, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('outward alarm notification', () => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof demo>>;
  let rival: { clientId: number; token: string };
  let hook: Awaited<ReturnType<typeof receiver>>;
  let device: HubDevice;
  let channelId: number;

  // two passes: the first may join a pass the background timer began before the queueing
  const drain = async () => {
    await notifyWorker(t.deps).tick();
    await notifyWorker(t.deps).tick();
  };
  const emit = async (...events: HubEvent[]) => {
    t.deps.devices.emit(events);
    await t.deps.devices.idle();
    await alarmDetection(t.deps).idle();
  };
  const event = (type: string, data: Record<string, unknown> | null = null): HubEvent => ({
    type: 'event',
    payload: { device, ts: t.clock.now(), type, level: 'serious', data },
  });
  const deliveries = (id = channelId) =>
    t.deps.database.query<{
      status: string;
      attempts: number;
      response_code: number | null;
      last_error: string;
      action: string;
    }>(
      'select status, attempts, response_code, last_error, action from lt_notify_delivery where channel_id = $1 order by delivery_id',
      [id],
    );
  const setting = (alarmConfigType: string, notify: boolean) =>
    t.call('PUT', '/lighting/alarm-config', {
      token: d.token,
      body: {
        projectId: d.projectId,
        alarmConfigType,
        enabled: true,
        grade: 'serious',
        push: true,
        sound: false,
        notify,
        workOrder: false,
      },
    });

  beforeAll(async () => {
    t = await startTestApp();
    d = await demo(t);
    rival = await secondCustomer(t);
    hook = await receiver();
    const res = await t.call('POST', '/lighting/device', {
      token: d.token,
      body: { projectId: d.projectId, uid: 'N-RTU-1', name: 'Harbour Road 12', deviceType: 'RTU' },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    device = {
      deviceId: res.body.data.deviceId,
      clientId: d.clientId,
      projectId: d.projectId,
      uid: 'N-RTU-1',
      deviceType: 'RTU',
    };
  });
  afterAll(async () => {
    await t?.close();
    await hook?.close();
  });

  it('configures a project’s webhook: the URL checked in the user’s language, the secret never answered, other customers refused', async () => {
    const bad = await t.call('POST', '/lighting/alarm-notify/channel', {
      token: d.token,
      lang: 'zh-CN',
      body: { projectId: d.projectId, kind: 'WEBHOOK', name: '调度中心', url: 'ftp://nowhere' },
    });
    expect(bad.body.code).toBe(500);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const badEn = await t.call('POST', '/lighting/alarm-notify/channel', {
      token: d.token,
      lang: 'en-US',
      body: { projectId: d.projectId, kind: 'EMAIL', name: 'Night shift', recipients: 'not-an-address' },
    });
    expect(badEn.body.msg).toMatch(/email/i);

    const added = await t.call('POST', '/lighting/alarm-notify/channel', {
      token: d.token,
      body: { projectId: d.projectId, kind: 'WEBHOOK', name: 'Control room', url: hook.url, secret: SECRET },
    });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    channelId = added.body.data.channelId;
    const listed = await t.call('GET', `/lighting/alarm-notify/channel/list?projectId=${d.projectId}`, {
      token: d.token,
    });
    expect(listed.body.rows).toEqual([
      expect.objectContaining({ channelId, kind: 'WEBHOOK', url: hook.url, hasSecret: true, enabled: true }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);

    for (const call of [
      t.call('GET', `/lighting/alarm-notify/channel/list?projectId=${d.projectId}`, { token: rival.token }),
      t.call('GET', `/lighting/alarm-notify/delivery/list?projectId=${d.projectId}`, { token: rival.token }),
      t.call('DELETE', `/lighting/alarm-notify/channel/${channelId}?projectId=${d.projectId}`, { token: rival.token }),
      t.call('POST', `/lighting/alarm-notify/channel/${channelId}/test`, {
        token: rival.token,
        body: { projectId: d.projectId },
      }),
    ]) {
      const res = await call;
      expect(res.body.code, JSON.stringify(res.body)).not.toBe(200);
    }
    expect((await deliveries()).length).toBe(0);
  });

  it('posts only the types set to notify outward, signed, and retries with exponential backoff until delivered', async () => {
    const saved = await setting('RtuRelayFault', true);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect((await setting('RtuLeakageCurrent', false)).body.code).toBe(200);
    hook.state.failing = 2;
    await emit(event('RtuRelayFault', { relay: 1 }), event('RtuLeakageCurrent'));
    expect(await deliveries()).toMatchObject([{ status: 'PENDING', attempts: 0, action: 'NEW' }]);

    await drain();
    expect(hook.got).toHaveLength(1);
    expect(await deliveries()).toMatchObject([
      { status: 'PENDING', attempts: 1, response_code: 500, last_error: 'HTTP 500' },
    ]);
    // not again before its backoff (30 s after the first attempt)
    t.clock.advance(29_000);
    await drain();
    expect(hook.got).toHaveLength(1);
    t.clock.advance(1_000);
    await drain();
    expect(hook.got).toHaveLength(2);
    expect(await deliveries()).toMatchObject([{ status: 'PENDING', attempts: 2 }]);
    // the second retry waits twice as long
    t.clock.advance(59_000);
    await drain();
    expect(hook.got).toHaveLength(2);
    t.clock.advance(1_000);
    await drain();
    expect(hook.got).toHaveLength(3);
    expect(await deliveries()).toMatchObject([{ status: 'SENT', attempts: 3, response_code: 200, last_error: '' }]);

    for (const { headers, raw } of hook.got) {
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-luxgrid-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`);
      expect(Number(headers['x-luxgrid-timestamp'])).toBeGreaterThan(1_700_000_000);
      expect(JSON.parse(raw)).toMatchObject({
        projectId: d.projectId,
        clientId: d.clientId,
        uid: 'N-RTU-1',
        deviceName: 'Harbour Road 12',
        alarmConfigType: 'RtuRelayFault',
        grade: 'serious',
        action: 'NEW',
      });
    }
    expect(hook.got.map((g) => g.raw).some((r) => r.includes('RtuLeakageCurrent'))).toBe(false);

    // recovery goes out too
    await emit(event('RECOVER', { type: 'RtuRelayFault' }));
    await drain();
    expect(JSON.parse(hook.got.at(-1)!.raw)).toMatchObject({
      alarmConfigType: 'RtuRelayFault',
      action: 'RECOVERED',
      state: 'RECOVERED',
    });

    const log = await t.call('GET', `/lighting/alarm-notify/delivery/list?projectId=${d.projectId}`, {
      token: d.token,
    });
    expect(log.body.total).toBe(2);
    expect(log.body.rows).toMatchObject([
      { action: 'RECOVERED', status: 'SENT', attempts: 1, responseCode: 200, channelName: 'Control room' },
      { action: 'NEW', status: 'SENT', attempts: 3, responseCode: 200, alarmConfigType: 'RtuRelayFault' },
    ]);
  });

  it('gives a delivery up after the last attempt and records why', async () => {
    const dead = await t.call('POST', '/lighting/alarm-notify/channel', {
      token: d.token,
      // a port nothing listens on: the connection is refused
      body: {
        projectId: d.projectId,
        kind: 'WEBHOOK',
        name: 'Old gateway',
        url: 'http://127.0.0.1:9/alarms',
        secret: 'x',
      },
    });
    const deadId = dead.body.data.channelId as number;
    await emit(event('RtuRelayFault'));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await drain();
      const [row] = await deliveries(deadId);
      expect(row).toMatchObject({ attempts: attempt, status: attempt === MAX_ATTEMPTS ? 'FAILED' : 'PENDING' });
      expect(row!.last_error).not.toBe('');
      t.clock.advance(30_000 * 2 ** (attempt - 1));
    }
    await drain();
    expect((await deliveries(deadId))[0]).toMatchObject({ attempts: MAX_ATTEMPTS, status: 'FAILED' });
    const failed = await t.call('GET', `/lighting/alarm-notify/delivery/list?projectId=${d.projectId}&status=FAILED`, {
      token: d.token,
    });
    expect(failed.body.rows).toMatchObject([{ channelName: 'Old gateway', attempts: MAX_ATTEMPTS }]);
    expect(
      (await t.call('DELETE', `/lighting/alarm-notify/channel/${deadId}?projectId=${d.projectId}`, { token: d.token }))
        .body.code,
    ).toBe(200);
  });

  it('survives a restart: a queued delivery and one left leased by a process that stopped are sent once by another', async () => {
    const before = hook.got.length;
    // the relay fault of the previous case recovers: one delivery to the control room
    await emit(event('RECOVER', { type: 'RtuRelayFault' }));
    // a process leases it and dies before answering
    const leased = await claimDue(t.deps.database, t.clock.now(), 10);
    expect(leased).toHaveLength(1);
    const other = new NotifyWorker(t.deps);
    const again = new NotifyWorker(t.deps);
    await Promise.all([other.tick(), again.tick()]);
    expect(hook.got.length).toBe(before);
    t.clock.advance(LEASE_MS);
    await Promise.all([other.tick(), again.tick(), drain()]);
    expect(hook.got.length).toBe(before + 1);
    expect((await deliveries()).at(-1)).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('sends a test message through the project’s SMTP server (parameters), the password never shown', async () => {
    const password = 'streetlight-smtp-pw';
    const mail = await smtp('luxgrid', password);
    try {
      const admin = await t.login('admin');
      const params: Record<string, string> = {
        host: '127.0.0.1',
        port: String(mail.port),
        secure: 'false',
        user: 'luxgrid',
        password,
        from: 'alarms@luxgrid.example',
      };
      for (const [key, value] of Object.entries(params)) {
        const res = await t.call('POST', '/system/config', {
          token: admin,
          body: { configName: `SMTP ${key}`, configKey: `sys.mail.${key}`, configValue: value },
        });
        expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      }
      const configs = await t.call('GET', '/system/config/list?configKey=sys.mail.password', { token: admin });
      expect(configs.body.rows).toHaveLength(1);
      expect(JSON.stringify(configs.body)).not.toContain(password);

      const added = await t.call('POST', '/lighting/alarm-notify/channel', {
        token: d.token,
        body: {
          projectId: d.projectId,
          kind: 'EMAIL',
          name: 'Night shift',
          recipients: 'duty@city.example, lead@city.example',
        },
      });
      expect(added.body.code, JSON.stringify(added.body)).toBe(200);
      const sent = await t.call('POST', `/lighting/alarm-notify/channel/${added.body.data.channelId}/test`, {
        token: d.token,
        body: { projectId: d.projectId },
      });
      expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data).toMatchObject({ action: 'TEST', status: 'SENT', attempts: 1, responseCode: 250 });
      expect(mail.mails).toHaveLength(1);
      expect(mail.mails[0]!.to).toEqual(['duty@city.example', 'lead@city.example']);
      expect(mail.mails[0]!.data).toContain('Subject: [Luxgrid] Test message');

      // a wrong password: refused by the server, retried, the password not in the log
      const wrong = await t.call('GET', '/system/config/list?configKey=sys.mail.password', { token: admin });
      const row = wrong.body.rows[0];
      await t.call('PUT', '/system/config', {
        token: admin,
        body: {
          configId: row.configId,
          configName: row.configName,
          configKey: row.configKey,
          configValue: 'wrong-pw-123',
        },
      });
      const refused = await t.call('POST', `/lighting/alarm-notify/channel/${added.body.data.channelId}/test`, {
        token: d.token,
        body: { projectId: d.projectId },
      });
      expect(refused.body.data).toMatchObject({ status: 'PENDING', attempts: 1, responseCode: 535 });
      expect(refused.body.data.lastError).not.toContain('wrong-pw-123');
      expect(mail.mails).toHaveLength(1);
    } finally {
      await mail.close();
    }
  });

  it('cleans finished deliveries older than the retention parameter in a scheduled job; queued ones stay', async () => {
    const handler = jobHandler('alarm.cleanDeliveries');
    expect(handler).toBeDefined();
    const [one] = await t.deps.database.query<{ client_id: number; project_id: number; channel_id: number }>(
      'select client_id, project_id, channel_id from lt_notify_delivery limit 1',
    );
    const now = t.clock.now();
    const add = async (status: string, daysAgo: number) => {
      const [row] = await t.deps.database.query<{ delivery_id: number }>(
        `insert into lt_notify_delivery (client_id, project_id, channel_id, action, payload, status, next_time, create_time)
         values ($1, $2, $3, 'NEW', '{}'::jsonb, $4, $5, $5) returning delivery_id`,
        [one!.client_id, one!.project_id, one!.channel_id, status, new Date(now - daysAgo * 86_400_000)],
      );
      return row!.delivery_id;
    };
    const oldSent = await add('SENT', 40);
    const oldFailed = await add('FAILED', 40);
    const oldQueued = await add('PENDING', 40);
    const weekSent = await add('SENT', 7);
    const left = async (ids: number[]) =>
      (
        await t.deps.database.query<{ delivery_id: number }>(
          'select delivery_id from lt_notify_delivery where delivery_id = any($1::bigint[]) order by delivery_id',
          [ids],
        )
      ).map((r) => r.delivery_id);
    const run = (args: unknown) =>
      handler!.run(t.deps, handler!.args.parse(args), {
        jobId: 0,
        jobName: 'alarm deliveries',
        fireTime: null,
        signal: new AbortController().signal,
        node: 'test',
      });
    // the default: 30 days
    expect(await retentionDays(t.deps)).toBe(30);
    expect(await run({})).toMatchObject({ key: 'job.result.alarmDeliveriesCleaned', params: { days: 30 } });
    expect(await left([oldSent, oldFailed, oldQueued, weekSent])).toEqual([oldQueued, weekSent]);
    // the platform parameter shortens it
    const admin = await t.login('admin');
    const res = await t.call('POST', '/system/config', {
      token: admin,
      body: { configName: 'Alarm deliveries kept (days)', configKey: RETENTION_KEY, configValue: '5' },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(await run({})).toMatchObject({ params: { days: 5, count: 1 } });
    expect(await left([oldQueued, weekSent])).toEqual([oldQueued]);
    // the job's own argument is checked with a message
    expect(() => handler!.args.parse({ days: 0 })).toThrow();
  });
});
