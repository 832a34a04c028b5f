import type { Lang } from '@luxgrid/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PrincipalReader } from './auth/principal.ts';
import type { Session, SessionStore } from './auth/session-store.ts';
import type { Cache } from './cache.ts';
import type { Clock } from './clock.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db.ts';
import type { BrokerCredentials } from './devices/broker-credentials/index.ts';
import type { DeviceEvents } from './devices/events.ts';
import type { DeviceHub } from './devices/hub.ts';
import type { DictionaryLabels } from './dictionaries.ts';
import type { FileStorage } from './files/storage.ts';
import type { MqttHub } from './mqtt.ts';
import type { PermRule } from './rbac.ts';
import type { Scope } from './scope.ts';
import type { WsHub } from './ws.ts';

/** Everything a module may use; built once at start and handed to every module. */
export interface Deps {
  config: AppConfig;
  database: Database;
  cache: Cache;
  clock: Clock;
  secret: Uint8Array;
  sessions: SessionStore;
  /** who a signed-in user is (roles, permissions); provided by the system area when the app is built */
  principals: PrincipalReader;
  /** dictionary labels in a language; provided by the system area when the app is built */
  dictionaries: DictionaryLabels;
  mqtt: MqttHub | null;
  files: FileStorage;
  log: FastifyBaseLogger;
  /** pushes to browsers over /ws, fanned out across server processes */
  ws: WsHub;
  /** what devices do, as events any area subscribes to (`deps.devices.on('telemetry', …)`) */
  devices: DeviceEvents;
  /** the device hub on the MQTT connection (ingest, presence, commands); null when MQTT is off */
  deviceHub: DeviceHub | null;
  /** hands session devices' credentials to the external broker (MQTT_CREDENTIALS); does nothing where the broker reads the registry */
  brokerCredentials: BrokerCredentials;
}

/** The request scope (who, which customer and project, language) with the session it came from. Services take this, never the request. */
export interface Ctx extends Scope {
  session: Session;
  ip: string;
}

export interface OperLogConfig {
  title: string;
  /** 0 other, 1 insert, 2 update, 3 delete, 4 grant, 5 export, 6 import, 7 force, 8 gencode, 9 clean */
  businessType: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeCatalog(): import('./http.ts').RouteEntry[];
  }
  interface FastifyContextConfig {
    /** open without a token */
    public?: boolean;
    perm?: PermRule;
    /** role keys, any of */
    roles?: string[];
    operLog?: OperLogConfig;
  }
  interface FastifyRequest {
    lang: Lang;
    ctx: Ctx | null;
    /** the ctx of a signed-in request; throws 401 otherwise */
    auth(): Ctx;
    startedAt: number;
  }
}
