/**
 * The load of the telemetry-ingest benchmark, in its own process (devices are not in the server):
 * `sessions` MQTT 3.1.1 sessions of the simulator's concentrator shape, each message carrying
 * readings of 3 values for `perMessage` of its children (or, with perMessage 1, one device's
 * reading), QoS 1. The packets are encoded once and sent over plain sockets, so that the load
 * costs little of the machine the server is measured on. The parent sets the offered rate
 * ({ rate: readings per second }, 0 = pause) and stops it ({ stop: true }); every 100 ms and once
 * more at the end it reports { readings, messages, cpu }.
 */
import { type Socket, connect as tcp } from 'node:net';
import mqttPacket from 'mqtt-packet';

const [url, root, project, sessionsText, perMessageText, password] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const sessions = Number(sessionsText);
const perMessage = Number(perMessageText);
const broker = new URL(url);
let rate = 0;
let stop = false;
let messages = 0;
let readings = 0;
let owed = 0;
process.on('message', (m: { rate?: number; stop?: boolean }) => {
  if (m.rate !== undefined) {
    rate = m.rate;
    owed = 0;
  }
  if (m.stop) stop = true;
});

/** Opens one session and resolves once the broker accepted it (CONNACK 0). */
function session(c: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcp(Number(broker.port || 1883), broker.hostname);
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    parser.on('packet', (packet) => {
      if (packet.cmd !== 'connack') return;
      if (packet.returnCode) reject(new Error(`session C${c + 1} refused (${packet.returnCode})`));
      else resolve(socket);
      // from here on the broker only sends PUBACKs: read and dropped
      socket.removeAllListeners('data');
      socket.on('data', () => undefined);
    });
    socket.on('data', (chunk) => parser.parse(chunk));
    socket.once('error', reject);
    socket.setNoDelay(true);
    socket.write(
      mqttPacket.generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clientId: `bench-${process.pid}-${c}`,
        clean: true,
        keepalive: 0,
        ...(password ? { username: `${project}/C${c + 1}`, password: Buffer.from(password) } : {}),
      }),
    );
  });
}

const sockets: Socket[] = [];
for (let at = 0; at < sessions; at += 200)
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(200, sessions - at) }, (_, i) => session(at + i)))));

// each session's PUBLISH encoded once; only the 2-byte packet id changes per message
const templates = sockets.map((_, c) => {
  const first = c * perMessage;
  const items = Array.from({ length: perMessage }, (_, j) => ({
    uid: `R${first + j + 1}`,
    values: { voltage: 220 + (j % 10), current: 0.4, power: 90 + (j % 7) },
  }));
  const payload = Buffer.from(JSON.stringify(perMessage === 1 ? items[0] : { items }));
  const packet = mqttPacket.generate({
    cmd: 'publish',
    topic: `${root}/v1/${project}/C${c + 1}/up/telemetry`,
    payload,
    qos: 1,
    messageId: 1,
    retain: false,
    dup: false,
  });
  return { packet, idAt: packet.length - payload.length - 2 };
});
const ids = new Uint16Array(sessions);
const report = () => {
  const cpu = process.cpuUsage();
  process.send?.({ readings, messages, cpu: (cpu.user + cpu.system) / 1e6 });
};
const reporter = setInterval(report, 100);
process.send?.({ ready: true });

// every 10 ms, the messages due at the offered rate, round-robin over the sessions
let next = 0;
let last = performance.now();
while (!stop) {
  await new Promise((r) => setTimeout(r, 10));
  const now = performance.now();
  owed += (rate / perMessage) * ((now - last) / 1000);
  last = now;
  for (; owed >= 1; owed--) {
    const c = next++ % sessions;
    const { packet, idAt } = templates[c]!;
    ids[c] = (ids[c]! % 65535) + 1;
    const out = Buffer.from(packet);
    out.writeUInt16BE(ids[c]!, idAt);
    sockets[c]!.write(out);
    messages++;
    readings += perMessage;
  }
}
clearInterval(reporter);
report();
for (const socket of sockets) socket.end(mqttPacket.generate({ cmd: 'disconnect' }));
process.disconnect?.();
