import { type DataEnvelope, http } from '../../shared/request';

export interface DiskInfo {
  path: string;
  total?: number;
  free?: number;
  used?: number;
  usage?: number;
  totalGb?: number;
  freeGb?: number;
  /** set when the path could not be read */
  error?: string;
}

export interface ServerInfo {
  cpu: {
    cores: number;
    model: string;
    speedMhz: number;
    loadAverage: number[];
    used: number;
    user: number;
    sys: number;
    idle: number;
    process: number;
    sampleMs: number;
  };
  memory: {
    total: number;
    used: number;
    free: number;
    usage: number;
    totalMb: number;
    usedMb: number;
    freeMb: number;
  };
  node: {
    version: string;
    pid: number;
    uptimeSeconds: number;
    startTime: string;
    rss: number;
    heapTotal: number;
    heapUsed: number;
    external: number;
    rssMb: number;
    heapUsedMb: number;
    heapTotalMb: number;
    heapUsage: number;
    eventLoopDelay: { p50Ms: number; p99Ms: number; maxMs: number; meanMs: number } | null;
    execPath: string;
    cwd: string;
  };
  os: {
    hostname: string;
    platform: string;
    type: string;
    release: string;
    arch: string;
    uptimeSeconds: number;
  };
  disks: DiskInfo[];
  network: {
    host: string;
    port: number;
    interfaces: { name: string; address: string; family: string; mac: string; internal: boolean }[];
    traffic: { name: string; rxBytes: number; txBytes: number }[];
  };
}

export const serverApi = {
  /** Silent: a failed poll shows once on the page instead of a message every 5 s. */
  get: (signal?: AbortSignal) =>
    http.get<DataEnvelope<ServerInfo>>('/monitor/server', undefined, { signal, silent: true }),
};
