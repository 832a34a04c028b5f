/**
 * The concentrators of bench/group-dim.ts, in a process of their own so the server's CPU is its
 * own: one plain mqtt.js connection each, subscribed to its command topic; every command message
 * is answered with one result message holding a SUCCESS per child.
 *   npx tsx bench/group-dim-devices.ts <broker url> <topic root> <project id> <file of session uids and children>
 */
import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';

const [url, root, projectId, file] = process.argv.slice(2) as [string, string, string, string];
const sessions = JSON.parse(readFileSync(file, 'utf8')) as { uid: string; children: string[] }[];
let answered = 0;
const clients: mqtt.MqttClient[] = [];
for (let i = 0; i < sessions.length; i += 100) {
  await Promise.all(
    sessions.slice(i, i + 100).map(async ({ uid, children }) => {
      const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, clientId: `${root}-${uid}` });
      const base = `${root}/v1/${projectId}/${uid}`;
      client.on('message', (_topic, payload) => {
        const body = JSON.parse(payload.toString()) as { commands?: { id: string }[]; action: string };
        if (!body.commands || body.action === 'cancel') return;
        const items = body.commands.map((c) => ({ id: c.id, status: 'SUCCESS' }));
        answered += items.length;
        client.publish(`${base}/up/result`, JSON.stringify({ items }), { qos: 1 });
      });
      await client.subscribeAsync(`${base}/down/command`, { qos: 1 });
      await client.publishAsync(`${base}/up/hello`, JSON.stringify({ children }), { qos: 1 });
      clients.push(client);
    }),
  );
}
process.stdout.write(`ready ${clients.length}\n`);
process.on('SIGTERM', async () => {
  process.stdout.write(`answered ${answered}\n`);
  await Promise.all(clients.map((c) => c.endAsync(true)));
  process.exit(0);
});
