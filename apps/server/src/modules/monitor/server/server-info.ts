import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const SAMPLE_MS = 200;
const MB = 1024 * 1024;

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100) : 0);

/** Event-loop delay of this process since the monitor was first asked; one histogram per process. */
let loopDelay: ReturnType<typeof monitorEventLoopDelay> | null = null;
export function startLoopDelayMonitor(): void {
  if (loopDelay) return;
  loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
}

function cpuTimes() {
  return os.cpus().map((c) => ({ ...c.times }));
}

/** CPU busy share across all cores and of this process, measured over a short window. */
async function cpuUsage() {
  const before = cpuTimes();
  const processBefore = process.cpuUsage();
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  const after = cpuTimes();
  const elapsedMs = performance.now() - startedAt;
  const processDelta = process.cpuUsage(processBefore);
  let idle = 0;
  let total = 0;
  let user = 0;
  let sys = 0;
  after.forEach((t, i) => {
    const b = before[i] ?? t;
    const d = {
      user: t.user - b.user,
      nice: t.nice - b.nice,
      sys: t.sys - b.sys,
      idle: t.idle - b.idle,
      irq: t.irq - b.irq,
    };
    idle += d.idle;
    user += d.user + d.nice;
    sys += d.sys + d.irq;
    total += d.user + d.nice + d.sys + d.idle + d.irq;
  });
  const cores = Math.max(after.length, 1);
  return {
    used: percent(total - idle, total),
    user: percent(user, total),
    sys: percent(sys, total),
    idle: percent(idle, total),
    // share of one machine's capacity that this process used in the window
    process: round(((processDelta.user + processDelta.system) / 1000 / (elapsedMs * cores)) * 100),
    sampleMs: Math.round(elapsedMs),
  };
}

/** One mounted file system: size, free and used as df reports them. */
export async function disk(path: string) {
  try {
    const s = await statfs(path);
    const total = s.blocks * s.bsize;
    const free = s.bavail * s.bsize;
    const used = total - s.bfree * s.bsize;
    return {
      path,
      total,
      free,
      used,
      // as df reports it: the blocks reserved for root count neither as used nor as available
      usage: percent(used, used + free),
      totalGb: round(total / 1024 ** 3),
      freeGb: round(free / 1024 ** 3),
    };
  } catch (err) {
    return { path, error: (err as NodeJS.ErrnoException).code ?? 'unreadable' };
  }
}

/** Bytes in and out per interface as the process's network namespace counts them (Linux only). */
async function networkTraffic(): Promise<{ name: string; rxBytes: number; txBytes: number }[]> {
  try {
    const text = await readFile('/proc/self/net/dev', 'utf8');
    return text
      .split('\n')
      .slice(2)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [name, rest] = line.split(':');
        const fields = (rest ?? '').trim().split(/\s+/).map(Number);
        return { name: (name ?? '').trim(), rxBytes: fields[0] ?? 0, txBytes: fields[8] ?? 0 };
      });
  } catch {
    return [];
  }
}

export async function serverInfo(opts: { dataDir: string; host: string; port: number }) {
  const [cpu, dataDisk, rootDisk, traffic] = await Promise.all([
    cpuUsage(),
    disk(opts.dataDir),
    disk('/'),
    networkTraffic(),
  ]);
  const cpus = os.cpus();
  const memory = process.memoryUsage();
  const totalMem = os.totalmem();
  const freeMem = os.freemem();
  const interfaces = Object.entries(os.networkInterfaces()).flatMap(([name, list]) =>
    (list ?? []).map((a) => ({ name, address: a.address, family: a.family, mac: a.mac, internal: a.internal })),
  );
  const loop = loopDelay
    ? {
        p50Ms: round(loopDelay.percentile(50) / 1e6),
        p99Ms: round(loopDelay.percentile(99) / 1e6),
        maxMs: round(loopDelay.max / 1e6),
        meanMs: round(loopDelay.mean / 1e6),
      }
    : null;
  return {
    cpu: {
      cores: cpus.length,
      model: cpus[0]?.model ?? '',
      speedMhz: cpus[0]?.speed ?? 0,
      loadAverage: os.loadavg().map((n) => round(n)),
      ...cpu,
    },
    memory: {
      total: totalMem,
      used: totalMem - freeMem,
      free: freeMem,
      usage: percent(totalMem - freeMem, totalMem),
      totalMb: round(totalMem / MB, 0),
      usedMb: round((totalMem - freeMem) / MB, 0),
      freeMb: round(freeMem / MB, 0),
    },
    node: {
      version: process.version,
      pid: process.pid,
      uptimeSeconds: Math.round(process.uptime()),
      startTime: new Date(Date.now() - process.uptime() * 1000).toISOString(),
      rss: memory.rss,
      heapTotal: memory.heapTotal,
      heapUsed: memory.heapUsed,
      external: memory.external,
      rssMb: round(memory.rss / MB),
      heapUsedMb: round(memory.heapUsed / MB),
      heapTotalMb: round(memory.heapTotal / MB),
      heapUsage: percent(memory.heapUsed, memory.heapTotal),
      eventLoopDelay: loop,
      execPath: process.execPath,
      cwd: process.cwd(),
    },
    os: {
      hostname: os.hostname(),
      platform: os.platform(),
      type: os.type(),
      release: os.release(),
      arch: os.arch(),
      uptimeSeconds: Math.round(os.uptime()),
    },
    disks: [dataDisk, rootDisk],
    network: {
      host: opts.host,
      port: opts.port,
      interfaces,
      traffic,
    },
  };
}
