import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db.ts';
import type { MqttHub } from '../../mqtt.ts';
import { DynsecCredentials } from './dynsec.ts';

/** A session device by its registry key. */
export interface DeviceName {
  projectId: number;
  uid: string;
}

/** A session device with the secret just issued to it (created, or re-issued), in plain text. */
export interface IssuedSecret extends DeviceName {
  secret: string;
}

/** What the last comparison of the registry with the broker found. */
export interface ReconcileReport {
  at: number;
  /** session devices with a secret here and an account in the broker */
  provisioned: number;
  /** session devices with a secret here and no account in the broker: they cannot connect until their secret is re-issued */
  missing: string[];
  /** accounts of devices no longer in the registry (or without a secret), removed from the broker */
  removed: string[];
}

export interface CredentialsHealth {
  mode: AppConfig['mqttCredentials'] | 'embedded';
  connected?: boolean;
  /** changes sent to the broker and confirmed, and those it refused or did not answer in time */
  confirmed?: number;
  failed?: number;
  lastError?: string | null;
  /** counts only: /health is open, device names are not */
  reconcile?: Omit<ReconcileReport, 'missing' | 'removed'> & { missing: number; removed: number };
}

/**
 * Keeps the broker's idea of who may connect, and to which topics, in step with the device
 * registry. The embedded broker and EMQX's HTTP hooks read the registry at every connect and
 * need nothing; Mosquitto's dynamic security plugin is told each change (dynsec.ts). The routes
 * that create, re-issue and delete session devices call `issued` and `revoked` after their
 * database writes. A broker that does not confirm a change is logged and counted, not thrown:
 * the registry stays the truth, the change is sent again once the broker is back (while this
 * process runs), and the reconcile at every connect reports devices the broker lacks.
 */
export interface BrokerCredentials {
  readonly mode: CredentialsHealth['mode'];
  /** `fresh`: the devices were just registered (no account expected); otherwise their secrets were re-issued */
  issued(devices: IssuedSecret[], fresh?: boolean): Promise<void>;
  revoked(devices: DeviceName[]): Promise<void>;
  health(): CredentialsHealth;
  close(): Promise<void>;
}

/** Credentials checked by the broker itself against the registry: nothing to hand over. */
export function registryCredentials(mode: CredentialsHealth['mode']): BrokerCredentials {
  return {
    mode,
    issued: async () => undefined,
    revoked: async () => undefined,
    health: () => ({ mode }),
    close: async () => undefined,
  };
}

/** The topics a session device may use: it publishes under up/, reads down/. */
export function deviceTopics(root: string, device: DeviceName): { up: string; down: string } {
  const base = `${root}/v1/${device.projectId}/${device.uid}`;
  return { up: `${base}/up/#`, down: `${base}/down/#` };
}

/**
 * The credentials keeper the configuration asks for. MQTT_CREDENTIALS=dynsec needs MQTT_URL and
 * the plugin's admin account (MQTT_ADMIN_USER / MQTT_ADMIN_PASSWORD); =http needs MQTT_URL.
 */
export async function startBrokerCredentials(
  config: AppConfig,
  mqtt: MqttHub | null,
  root: string,
  database: Database,
  log: FastifyBaseLogger,
): Promise<BrokerCredentials> {
  if (config.mqttCredentials !== 'none' && !config.mqttUrl)
    throw new Error(`MQTT_CREDENTIALS=${config.mqttCredentials} is for an external broker: set MQTT_URL`);
  if (!mqtt || mqtt.mode === 'embedded') return registryCredentials('embedded');
  if (config.mqttCredentials !== 'dynsec') {
    if (config.mqttCredentials === 'none')
      log.warn('MQTT_CREDENTIALS is not set: the external broker decides alone who may connect and publish');
    return registryCredentials(config.mqttCredentials);
  }
  if (!config.mqttAdminUser || !config.mqttAdminPassword)
    throw new Error(
      'MQTT_CREDENTIALS=dynsec needs MQTT_ADMIN_USER and MQTT_ADMIN_PASSWORD (the dynamic security admin)',
    );
  return DynsecCredentials.start({
    url: config.mqttUrl!,
    username: config.mqttAdminUser,
    password: config.mqttAdminPassword,
    root,
    database,
    log,
  });
}

/** The devices among `deviceIds` that have a secret (whose broker accounts a deletion must remove), read before they go. */
export async function devicesWithSecret(database: Database, deviceIds: number[]): Promise<DeviceName[]> {
  return database.query<DeviceName>(
    `select project_id as "projectId", uid from lt_device where device_id = any($1::bigint[]) and secret_hash is not null`,
    [deviceIds],
  );
}
