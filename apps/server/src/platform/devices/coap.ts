import type { Socket } from 'node:dgram';
import { createServer, type IncomingMessage, type OutgoingMessage } from 'coap';
import type { Database } from '../db.ts';
import type { DeviceHub } from './hub.ts';
import { authenticateDevice, deviceMayUse } from './sessions.ts';

/**
 * Devices that speak CoAP instead of MQTT (NB-IoT sensors such as manhole covers often do) post
 * the same messages to the same paths as their MQTT topics without the topic root:
 *
 *     POST coap://<host>:<COAP_PORT>/v1/<projectId>/<uid>/up/<hello|telemetry|event|ack|result>?u=<mqttUserName>&p=<secret>
 *
 * with the JSON body the device protocol describes. The user name and secret are the device's
 * MQTT credentials; a device may post only under its own up/ paths. What it posts goes through the
 * device hub's ingest (the same registry, thing-model checks, writer and events as over MQTT), and
 * the answer comes once it is stored: 2.04 Changed; 4.00 a path that is not a device path;
 * 4.01 unknown credentials; 4.03 another device's path; 4.05 not a POST; 5.03 not stored (the
 * device sends it again). Commands still go out over MQTT: a CoAP device reports only.
 */
export interface CoapListener {
  port: number;
  close(): Promise<void>;
}

const DEVICE_PATH = /^\/v1\/\d+\/[^/]+\/up\/[a-z]+$/;

export async function startCoapListener(opts: {
  port: number;
  host?: string;
  database: Database;
  hub: Pick<DeviceHub, 'handle' | 'root' | 'stats'>;
}): Promise<CoapListener> {
  const { database, hub } = opts;
  const answer = (res: OutgoingMessage, code: string) => {
    res.code = code;
    res.end();
  };
  const server = createServer({ type: 'udp4' }, (req: IncomingMessage, res: OutgoingMessage) => {
    void (async () => {
      if (req.method !== 'POST') return answer(res, '4.05');
      const url = new URL(req.url, 'coap://device');
      const path = url.pathname.split('/').map(decodeURIComponent).join('/');
      if (!DEVICE_PATH.test(path)) {
        hub.stats.rejected.malformed++;
        return answer(res, '4.00');
      }
      const user = url.searchParams.get('u') ?? '';
      if (!(await authenticateDevice(database, hub.stats, user, url.searchParams.get('p') ?? '', false)))
        return answer(res, '4.01');
      const topic = `${hub.root}${path}`;
      if (!deviceMayUse(hub.root, user, topic, 'publish', false)) return answer(res, '4.03');
      try {
        await hub.handle(topic, req.payload);
        answer(res, '2.04');
      } catch {
        // not held (the database failed, the buffer is full): the device sends it again
        answer(res, '5.03');
      }
    })().catch(() => answer(res, '5.00'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', (err) => (err ? reject(err) : resolve()));
  });
  return {
    port: (server._sock as Socket).address().port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
