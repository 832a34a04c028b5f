import { type DataEnvelope, http } from '../../shared/request';

export interface SlowStatement {
  statement: string;
  calls: number;
  totalMs: number;
  meanMs: number;
  maxMs: number;
}

export interface DbConnection {
  pid: number;
  userName: string;
  applicationName: string;
  clientAddr: string;
  state: string;
  backendType: string;
  waitEventType: string;
  durationMs: number;
  query: string;
}

export interface TableSize {
  tableName: string;
  totalBytes: number;
  tableBytes: number;
  indexBytes: number;
  rowEstimate: number;
}

export interface SlowRequest {
  operId: number;
  title: string;
  requestMethod: string;
  operUrl: string;
  operName: string;
  status: string | number;
  costTime: number;
  operTime: string | null;
}

export interface DruidInfo {
  database: {
    kind: 'pglite' | 'postgres' | string;
    version: string;
    name: string;
    schema: string;
    sizeBytes: number;
    maxConnections: number | null;
  };
  /** null for the in-process database (PGlite) */
  pool: { total: number; idle: number; waiting: number; max: number } | null;
  connections:
    | {
        available: true;
        total: number;
        active: number;
        idle: number;
        byState: Record<string, number>;
        rows: DbConnection[];
      }
    | { available: false; reason: string };
  tables: TableSize[];
  /** pg_stat_statements when installed, else this process's own timings */
  slowStatements: { source: 'pg_stat_statements' | 'process' | string; rows: SlowStatement[] };
  processStatements: SlowStatement[];
  slowRequests: SlowRequest[];
}

export const druidApi = {
  get: () => http.get<DataEnvelope<DruidInfo>>('/monitor/druid'),
};
