#!/usr/bin/env -S npx tsx
/**
 * The Luxgrid city simulator. Builds a seeded city for a project, registers it through the API
 * (cabinet sites, tags and street groups; the devices by Excel imports), takes MQTT credentials for its concentrators, connects each concentrator over
 * MQTT and reports for its children, obeys commands with realistic delays and failures, raises faults and recovers them (faults.ts).
 * Its manhole covers register and report each over their own session, and are opened now and then.
 *
 *   npm run simulate -- --lamps 100000 --url http://localhost:8080 --rate 5
 *   npm run simulate -- --lamps 200 --faults 30   (a fault every two minutes on average, each recovered later)
 *   npm run simulate -- --lorawan --lamps 50 --lorawan-broker mqtt://127.0.0.1:1883   (a LoRaWAN project through ChirpStack)
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Api } from './api.ts';
import { buildCity } from './city.ts';
import { ManholeCoverDevice } from './cover.ts';
import { Concentrator } from './device.ts';
import { runLorawan } from './lorawan.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    user: { type: 'string', default: 'demo_admin' },
    password: { type: 'string', default: 'admin123' },
    token: { type: 'string' },
    'token-file': { type: 'string' },
    project: { type: 'string', description: 'project id or code; the first project by default' },
    lamps: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    rate: { type: 'string', default: '30', description: 'seconds between telemetry reports of each lamp' },
    heartbeat: { type: 'string', default: '60' },
    mqtt: { type: 'string', description: 'broker URL; the server’s embedded broker by default' },
    'topic-root': { type: 'string', default: 'luxgrid' },
    'fail-rate': { type: 'string', default: '0.03' },
    'fault-rate': {
      type: 'string',
      default: '0.0005',
      description: 'LoRaWAN lamps: chance per lamp and report of raising a fault',
    },
    faults: {
      type: 'string',
      default: '4',
      description:
        'faults an hour across the city (lamp failure, branch over-voltage, concentrator drop-off, mains failure), each recovered later; 0: none',
    },
    'cover-event-rate': {
      type: 'string',
      default: '0.01',
      description: 'chance per manhole cover and report that it is opened (half of it: that water starts to rise)',
    },
    duration: { type: 'string', default: '0', description: 'seconds to run; 0 = until stopped' },
    quiet: { type: 'boolean', default: false },
    lorawan: {
      type: 'boolean',
      default: false,
      description: 'play ChirpStack v4 and LoRaWAN lamp controllers instead',
    },
    'lorawan-broker': { type: 'string', description: "ChirpStack's MQTT broker; the project's stored one by default" },
  },
});

const log = (...parts: unknown[]) => {
  if (!args.quiet) console.log('[simulator]', ...parts);
};

const token = args.token ?? (args['token-file'] ? readFileSync(args['token-file'], 'utf8').trim() : '');
const api = new Api(args.url!.replace(/\/$/, ''), token);
if (!token) await api.login(args.user!, args.password!);

// the project: by id or code, else the first one the user sees
const clients = await api.call<{ data: { id: number }[] }>('GET', '/info/clients');
const clientId = clients.data[0]?.id;
if (!clientId) throw new Error('the user sees no customer');
const projects = await api.call<{
  data: { projectId: number; code: string; longitude: number; latitude: number; name: string }[];
}>('GET', `/info/${clientId}/projects`);
const project = args.project
  ? projects.data.find((p) => String(p.projectId) === args.project || p.code === args.project)
  : projects.data[0];
if (!project) throw new Error(`no project ${args.project ?? ''}`);
const headers = { clientId: String(clientId), projectId: String(project.projectId) };

if (args.lorawan)
  await runLorawan(api, {
    project,
    headers,
    brokerUrl: args['lorawan-broker'],
    lamps: Number(args.lamps),
    rateMs: Number(args.rate) * 1000,
    failRate: Number(args['fail-rate']),
    faultRate: Number(args['fault-rate']),
    seed: Number(args.seed),
    durationS: Number(args.duration),
    log,
  });

const city = buildCity({
  seed: Number(args.seed),
  lamps: Number(args.lamps),
  lng: project.longitude,
  lat: project.latitude,
});
log(
  `${project.name}: ${city.boxes.length} boxes, ${city.lampCount} lamps, ${city.covers.length} manhole covers (prefix ${city.prefix})`,
);

// names carry the city's prefix, so that two simulated cities can share a project
const cabinetName = (box: (typeof city.boxes)[number]) => `Cabinet ${box.uid.replace('-BOX-', '-')}`;
const groupName = (street: string) => `${street} (${city.prefix})`;
const lampTags = (box: (typeof city.boxes)[number]) => [
  box.street.startsWith('Avenue') ? 'Main road' : 'Side street',
  ...(box.school ? ['School zone'] : []),
];

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

/** Every row of a list, page by page. */
async function everyRow<T>(path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await api.call<{ rows: T[] }>('GET', `${path}&pageSize=500&pageNum=${pageNum}`, undefined, headers);
    rows.push(...page.rows);
    if (page.rows.length < 500) return rows;
  }
}

/** A cabinet site per box (where the box import places it) and the tags the lamps carry. */
async function registerPlacesAndTags(projectId: number) {
  const sites = new Set(
    (await everyRow<{ name: string }>(`/lighting/location/list?projectId=${projectId}&kind=CABINET`)).map(
      (l) => l.name,
    ),
  );
  const missing = city.boxes.filter((b) => !sites.has(cabinetName(b)));
  await inBatches(missing, 20, (b) =>
    api.call(
      'POST',
      '/lighting/location',
      { projectId, name: cabinetName(b), kind: 'CABINET', longitude: b.lng, latitude: b.lat, address: b.street },
      headers,
    ),
  );
  const tags = new Set(
    (await everyRow<{ name: string }>(`/lighting/tag/list?projectId=${projectId}`)).map((t) => t.name),
  );
  const colours: Record<string, string> = {
    'Main road': '#1677ff',
    'Side street': '#52c41a',
    'School zone': '#faad14',
  };
  for (const [name, color] of Object.entries(colours))
    if (!tags.has(name)) await api.call('POST', '/lighting/tag', { projectId, name, color }, headers);
}

/** A group per street, holding its lamp controllers, for group control and schedules. */
async function groupStreets(projectId: number) {
  const existing = new Set(
    (await everyRow<{ name: string }>(`/lighting/group/list?projectId=${projectId}`)).map((g) => g.name),
  );
  const streets = [...new Set(city.boxes.map((b) => b.street))];
  for (const [n, street] of streets.entries()) {
    if (existing.has(groupName(street))) continue;
    const group = await api.call<{ data: { groupId: number } }>(
      'POST',
      '/lighting/group',
      { projectId, name: groupName(street), groupNo: n + 1, remark: `The lamps of ${street}` },
      headers,
    );
    const rtuIds: number[] = [];
    await inBatches(
      city.boxes.filter((b) => b.street === street),
      20,
      async (b) => {
        const page = await api.call<{ rows: { deviceId: number }[] }>(
          'GET',
          `/lighting/device/list?projectId=${projectId}&deviceType=RTU&keyword=${b.uid.replace('-BOX-', '-RTU-')}-&pageSize=500`,
          undefined,
          headers,
        );
        rtuIds.push(...page.rows.map((r) => r.deviceId));
      },
    );
    if (rtuIds.length)
      await api.call('POST', `/lighting/group/${group.data.groupId}/members`, { deviceIds: rtuIds }, headers);
  }
}

// register once: a second run finds the city and only takes fresh credentials
const existing = await api.call<{ total: number }>(
  'GET',
  `/lighting/device/list?projectId=${project.projectId}&deviceType=CCU_IN_BOX&keyword=${city.prefix}-CCU-&pageSize=1`,
);
if (existing.total < city.boxes.length) {
  const started = performance.now();
  const boxes = city.boxes;
  const lamps = boxes.flatMap((b) => b.lamps);
  const p = project.projectId;
  await registerPlacesAndTags(p);
  await api.importRows(
    p,
    'BOX',
    ['uid', 'name', 'longitude', 'latitude', 'locationName'],
    boxes.map((b, i) => [b.uid, `Box ${i + 1}`, b.lng, b.lat, cabinetName(b)]),
  );
  await api.importRows(
    p,
    'CCU_IN_BOX',
    ['uid', 'name', 'parentUid'],
    boxes.map((b, i) => [b.ccuUid, `Concentrator ${i + 1}`, b.uid]),
  );
  await api.importRows(
    p,
    'SWITCH_MODULE',
    ['uid', 'name', 'parentUid', 'address'],
    boxes.map((b, i) => [b.moduleUid, `8DIDO ${i + 1}`, b.uid, 1]),
  );
  await api.importRows(
    p,
    'METER',
    ['uid', 'name', 'parentUid', 'address'],
    boxes.map((b, i) => [b.meterUid, `Meter ${i + 1}`, b.uid, 1]),
  );
  await api.importRows(
    p,
    'BRANCH',
    ['uid', 'name', 'parentUid', 'phase', 'currentRatio', 'switchModuleUid', 'doIndex', 'meterUid'],
    boxes.flatMap((b) =>
      b.branches.map((uid, i) => [
        uid,
        `Branch ${i === 0 ? 'A' : 'B'}`,
        b.ccuUid,
        i === 0 ? 'A' : 'B',
        100,
        b.moduleUid,
        i + 1,
        b.meterUid,
      ]),
    ),
  );
  await api.importRows(
    p,
    'POLE',
    ['uid', 'name', 'longitude', 'latitude'],
    lamps.map((l) => [l.poleUid, l.poleUid.slice(city.prefix.length + 1), l.lng, l.lat]),
  );
  await api.importRows(
    p,
    'RTU',
    ['uid', 'name', 'parentUid', 'connection', 'longitude', 'latitude', 'poleUid', 'tags'],
    boxes.flatMap((b) =>
      b.lamps.map((l) => [
        l.rtuUid,
        l.rtuUid.slice(city.prefix.length + 1),
        l.branchUid,
        'NON_DIRECT',
        l.lng,
        l.lat,
        l.poleUid,
        lampTags(b).join(','),
      ]),
    ),
  );
  await api.importRows(
    p,
    'LIGHT',
    ['uid', 'name', 'parentUid'],
    lamps.flatMap((l) => l.heads.map((h) => [h, h.slice(city.prefix.length + 1), l.rtuUid])),
  );
  await api.importRows(
    p,
    'LUXOMETER',
    ['uid', 'name', 'parentUid', 'longitude', 'latitude'],
    boxes
      .filter((b) => b.sensorUid)
      .map((b) => [b.sensorUid, `Light sensor ${b.sensorUid!.slice(-4)}`, b.ccuUid, b.lng, b.lat]),
  );
  await groupStreets(p);
  log(`registered in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// credentials for the concentrators (the only devices with their own MQTT session here)
const sessionIds: number[] = [];
for (let afterId = 0, more = true; more; ) {
  const page = await api.call<{ rows: { deviceId: number }[] }>(
    'GET',
    // keyset paging from the first page on (a search without it is ranked by relevance, not by id)
    `/lighting/device/list?projectId=${project.projectId}&deviceType=CCU_IN_BOX&keyword=${city.prefix}-CCU-&pageSize=500&afterId=${afterId || Number.MAX_SAFE_INTEGER}`,
  );
  sessionIds.push(...page.rows.map((r) => r.deviceId));
  more = page.rows.length === 500;
  afterId = page.rows.at(-1)?.deviceId ?? 0;
}
const secrets = new Map<string, string>();
for (let i = 0; i < sessionIds.length; i += 5000) {
  const res = await api.call<{ data: { uid: string; secret: string }[] }>(
    'POST',
    '/lighting/device/credentials',
    { deviceIds: sessionIds.slice(i, i + 5000) },
    headers,
  );
  for (const c of res.data) secrets.set(c.uid, c.secret);
}

// /health is a plain status document (no envelope): it names the broker the server uses
const health = (await fetch(`${api.url}/health`)
  .then((res) => res.json())
  .catch(() => null)) as { mqtt?: { url: string; mode: string } } | null;
const brokerUrl =
  args.mqtt ??
  (health?.mqtt?.url && !health.mqtt.url.includes('***')
    ? health.mqtt.url.replace('127.0.0.1', new URL(api.url).hostname)
    : 'mqtt://127.0.0.1:1884');
const concentrators = city.boxes
  .filter((b) => secrets.has(b.ccuUid))
  .map(
    (box, i) =>
      new Concentrator({
        box,
        projectId: project.projectId,
        root: args['topic-root']!,
        brokerUrl,
        secret: secrets.get(box.ccuUid)!,
        rateMs: Number(args.rate) * 1000,
        heartbeatMs: Number(args.heartbeat) * 1000,
        failRate: Number(args['fail-rate']),
        faultsPerHour: Number(args.faults) / city.boxes.length,
        seed: Number(args.seed) * 100_003 + i,
      }),
  );
for (let i = 0; i < concentrators.length; i += 50)
  await Promise.all(concentrators.slice(i, i + 50).map((c) => c.start()));
log(`${concentrators.length} concentrators online at ${brokerUrl}; telemetry every ${args.rate} s per lamp`);

/**
 * The manhole covers: registered by their own Excel import (which answers each new cover's secret
 * once); covers registered by an earlier run take a fresh secret. Each connects by itself.
 */
async function coverSecrets(projectId: number): Promise<Map<string, string>> {
  const known = new Map(
    (
      await everyRow<{ deviceId: number; uid: string }>(
        `/manhole/device/list?projectId=${projectId}&keyword=${city.prefix}-MH-`,
      )
    ).map((c) => [c.uid, c.deviceId]),
  );
  const out = new Map<string, string>();
  const fresh = city.covers.filter((c) => !known.has(c.uid));
  if (fresh.length) {
    const imported = await api.importCovers(
      projectId,
      fresh.map((c) => [c.uid, c.name, c.lng, c.lat]),
    );
    for (const c of imported) out.set(c.uid, c.secret);
  }
  await inBatches(
    city.covers.filter((c) => known.has(c.uid)),
    20,
    async (c) => {
      const res = await api.call<{ data: { secret: string } }>(
        'POST',
        `/manhole/device/${known.get(c.uid)}/secret`,
        {},
        headers,
      );
      out.set(c.uid, res.data.secret);
    },
  );
  return out;
}
const coverSecret = await coverSecrets(project.projectId).catch((err: unknown) => {
  // a customer without the manhole subsystem runs the lighting city alone
  log(`manhole covers not registered: ${(err as Error).message}`);
  return new Map<string, string>();
});
const covers = city.covers
  .filter((c) => coverSecret.has(c.uid))
  .map(
    (cover, i) =>
      new ManholeCoverDevice({
        cover,
        projectId: project.projectId,
        root: args['topic-root']!,
        brokerUrl,
        secret: coverSecret.get(cover.uid)!,
        rateMs: Number(args.rate) * 1000,
        heartbeatMs: Number(args.heartbeat) * 1000,
        eventRate: Number(args['cover-event-rate']),
        seed: Number(args.seed) * 700_001 + i,
      }),
  );
for (let i = 0; i < covers.length; i += 50) await Promise.all(covers.slice(i, i + 50).map((c) => c.start()));
if (covers.length) log(`${covers.length} manhole covers online`);

const startedAt = Date.now();
const report = setInterval(() => {
  const sum = [...concentrators, ...covers].reduce(
    (a, c) => ({
      messages: a.messages + c.stats.messages,
      readings: a.readings + c.stats.readings,
      commands: a.commands + c.stats.commands,
    }),
    { messages: 0, readings: 0, commands: 0 },
  );
  const secs = (Date.now() - startedAt) / 1000;
  log(
    `${sum.messages} messages (${(sum.messages / secs).toFixed(0)}/s), ${sum.readings} readings (${(sum.readings / secs).toFixed(0)}/s), ${sum.commands} commands obeyed`,
  );
}, 10_000);

async function stop() {
  clearInterval(report);
  await Promise.all([...concentrators, ...covers].map((c) => c.stop()));
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
if (Number(args.duration) > 0) setTimeout(() => void stop(), Number(args.duration) * 1000);
