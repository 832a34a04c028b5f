import { mqttUserName } from '@luxgrid/contracts';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Database } from '../../db.ts';
import {
  type BrokerCredentials,
  type CredentialsHealth,
  type DeviceName,
  deviceTopics,
  type IssuedSecret,
  type ReconcileReport,
} from './index.ts';

const CONTROL = '$CONTROL/dynamic-security/v1';
const RESPONSE = `${CONTROL}/response`;
/** Marks the broker accounts this platform keeps (the client's textname); other accounts are never touched. */
export const DEVICE_TEXTNAME = 'Luxgrid device';
/** The role that confines one device to its own topics. */
export const deviceRole = (username: string) => `luxgrid-device-${username}`;
/**
 * Commands per request. The plugin answers a request in one message and writes its whole file
 * after each change (measured: about 25 ms a change with 1,000 accounts, growing with the file),
 * so a request stays small enough to be answered within the timeout.
 */
const BATCH = 50;

interface Command {
  command: string;
  [key: string]: unknown;
}
interface Answer {
  command: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}
/** An error the command may meet when the broker is already as wanted. */
type Tolerated = string | undefined;

export interface DynsecOptions {
  url: string;
  username: string;
  password: string;
  root: string;
  database: Database;
  log: FastifyBaseLogger;
  /** how long a request waits for the plugin's answer */
  timeoutMs?: number;
}

/**
 * Device credentials in Mosquitto 2.x's dynamic security plugin: per session device a client
 * (user name `{projectId}-{uid}`, password its secret) and a role allowing exactly
 * `publishClientSend {root}/v1/{projectId}/{uid}/up/#` and `subscribePattern …/down/#` (and
 * `publishClientReceive …/down/#`); the plugin's default ACL access denies the rest. Commands go
 * to `$CONTROL/dynamic-security/v1` on a connection of their own, with the admin account from
 * the configuration; each carries a correlationData, and the answers on `…/response` settle them.
 */
export class DynsecCredentials implements BrokerCredentials {
  readonly mode = 'dynsec' as const;
  private seq = 0;
  private readonly waiting = new Map<string, (answer: Answer) => void>();
  private confirmed = 0;
  private failed = 0;
  private lastError: string | null = null;
  private last: ReconcileReport | null = null;
  private reconciling: Promise<ReconcileReport | null> = Promise.resolve(null);

  private constructor(
    private readonly client: MqttClient,
    private readonly opts: DynsecOptions,
  ) {
    client.on('message', (topic, payload) => {
      if (topic !== RESPONSE) return;
      let answers: Answer[] = [];
      try {
        answers = (JSON.parse(payload.toString('utf8')) as { responses?: Answer[] }).responses ?? [];
      } catch {
        return;
      }
      for (const answer of answers) {
        const settle = answer.correlationData ? this.waiting.get(answer.correlationData) : undefined;
        if (!settle) continue;
        this.waiting.delete(answer.correlationData!);
        settle(answer);
      }
    });
  }

  /** Connects with the admin account; every (re)connect compares the registry with the broker. */
  static async start(opts: DynsecOptions): Promise<DynsecCredentials> {
    const client = mqtt.connect(opts.url, {
      username: opts.username,
      password: opts.password,
      clientId: `luxgrid-credentials-${Math.random().toString(16).slice(2, 10)}`,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
      // changes made while the broker is away wait in the client and go out on reconnect
      queueQoSZero: false,
    });
    const keeper = new DynsecCredentials(client, opts);
    client.on('error', (error) => {
      // the client reconnects by itself; each new kind of failure (a wrong admin password …) is logged once
      if (keeper.lastError !== error.message)
        opts.log.error({ err: error }, 'dynamic security: the management connection failed');
      keeper.lastError = error.message;
    });
    client.on('connect', () => {
      void client
        .subscribeAsync(RESPONSE, { qos: 1 })
        .then(() => keeper.reconcile())
        .catch((error: Error) => {
          keeper.lastError = error.message;
          opts.log.error({ err: error }, 'dynamic security: the reconcile failed');
        });
    });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5_000);
      client.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return keeper;
  }

  /** Sends commands, BATCH to a request, and resolves with each one's answer (in order). */
  private async run(commands: Command[]): Promise<Answer[]> {
    const timeoutMs = this.opts.timeoutMs ?? 10_000;
    const answers: Answer[] = [];
    for (let from = 0; from < commands.length; from += BATCH) {
      const chunk = commands.slice(from, from + BATCH).map((c) => ({ ...c, correlationData: `c${++this.seq}` }));
      const settled = chunk.map(
        (c) =>
          new Promise<Answer>((resolve) => {
            this.waiting.set(c.correlationData, resolve);
          }),
      );
      const timer = new Promise<never>((_, reject) => {
        const t = setTimeout(() => reject(new Error(`the broker did not answer within ${timeoutMs} ms`)), timeoutMs);
        t.unref();
        void Promise.all(settled).finally(() => clearTimeout(t));
      });
      this.client.publish(CONTROL, JSON.stringify({ commands: chunk }), { qos: 1 });
      try {
        answers.push(...(await Promise.race([Promise.all(settled), timer])));
      } catch (error) {
        // late answers are not waited for; the request itself stays queued in the client until sent
        for (const c of chunk) this.waiting.delete(c.correlationData);
        throw error;
      }
    }
    return answers;
  }

  /**
   * Runs commands whose expected errors are tolerated; the first other error fails the whole
   * change (logged and counted). Resolves with the answers, or null when the change failed.
   */
  private async change(what: string, steps: [Command, Tolerated][]): Promise<Answer[] | null> {
    if (!steps.length) return [];
    try {
      const answers = await this.run(steps.map(([c]) => c));
      const bad = answers.find((a, i) => a.error && a.error !== steps[i]![1]);
      if (bad) throw new Error(`${bad.command}: ${bad.error}`);
      this.confirmed += steps.length;
      return answers;
    } catch (error) {
      this.failed += steps.length;
      this.lastError = (error as Error).message;
      this.opts.log.error({ err: error }, `dynamic security: ${what} not confirmed by the broker`);
      return null;
    }
  }

  /**
   * A device's account with its new secret. The plugin saves its whole file after every change,
   * so each device costs as few changes as it can: `createRole` with its ACLs and `createClient`
   * with its password and role (both fail harmlessly on what exists), then, for a re-issued secret,
   * `setClientPassword` — in the same request, so that a request the broker takes only after a
   * reconnect is still complete. A new device (`fresh`) costs two changes, a re-issued secret one.
   * An account found where a new device was expected takes its password, and a role made again
   * for an existing account is added to it, in a second request.
   */
  async issued(devices: IssuedSecret[], fresh = false): Promise<void> {
    const perDevice = fresh ? 2 : 3;
    const first: [Command, Tolerated][] = [];
    for (const device of devices) {
      const username = mqttUserName(device.projectId, device.uid);
      const rolename = deviceRole(username);
      const topics = deviceTopics(this.opts.root, device);
      first.push(
        [
          {
            command: 'createRole',
            rolename,
            textname: `${DEVICE_TEXTNAME} ${username}`,
            acls: [
              { acltype: 'publishClientSend', topic: topics.up, priority: 0, allow: true },
              { acltype: 'publishClientReceive', topic: topics.down, priority: 0, allow: true },
              { acltype: 'subscribePattern', topic: topics.down, priority: 0, allow: true },
            ],
          },
          'Role already exists',
        ],
        [
          {
            command: 'createClient',
            username,
            password: device.secret,
            textname: DEVICE_TEXTNAME,
            roles: [{ rolename }],
          },
          'Client already exists',
        ],
      );
      if (!fresh) first.push([{ command: 'setClientPassword', username, password: device.secret }, undefined]);
    }
    const what = `credentials of ${devices.length} device(s)`;
    const answers = await this.change(what, first);
    if (!answers) return;
    const second: [Command, Tolerated][] = [];
    devices.forEach((device, i) => {
      const [role, client] = [answers[perDevice * i], answers[perDevice * i + 1]];
      if (client?.error !== 'Client already exists') return;
      const username = mqttUserName(device.projectId, device.uid);
      if (fresh) second.push([{ command: 'setClientPassword', username, password: device.secret }, undefined]);
      if (!role?.error)
        second.push([{ command: 'addClientRole', username, rolename: deviceRole(username) }, undefined]);
    });
    await this.change(what, second);
  }

  /** Deletes the devices' clients (which ends their connections) and roles. */
  async revoked(devices: DeviceName[]): Promise<void> {
    const steps: [Command, Tolerated][] = [];
    for (const device of devices) {
      const username = mqttUserName(device.projectId, device.uid);
      steps.push(
        [{ command: 'deleteClient', username }, 'Client not found'],
        [{ command: 'deleteRole', rolename: deviceRole(username) }, 'Role not found'],
      );
    }
    await this.change(`removal of ${devices.length} device(s)`, steps);
  }

  /**
   * Compares the registry with the broker: accounts of devices gone from the registry (or left
   * without a secret) are removed; devices with a secret but no account are reported — their
   * secrets are stored hashed, so they get an account when their secret is next re-issued.
   */
  reconcile(): Promise<ReconcileReport | null> {
    this.reconciling = this.reconciling.then(() => this.compare()).catch(() => null);
    return this.reconciling;
  }

  private async compare(): Promise<ReconcileReport> {
    const [list] = await this.run([{ command: 'listClients', verbose: true, count: -1, offset: 0 }]);
    if (list?.error) throw new Error(`listClients: ${list.error}`);
    const clients = ((list?.data as { clients?: { username: string; textname?: string }[] })?.clients ?? []).filter(
      (c) => c.textname === DEVICE_TEXTNAME,
    );
    const inBroker = new Set(clients.map((c) => c.username));
    const rows = await this.opts.database.query<{ project_id: number; uid: string }>(
      'select project_id, uid from lt_device where secret_hash is not null',
    );
    const registry = new Map(rows.map((r) => [mqttUserName(r.project_id, r.uid), r]));
    const missing = [...registry.keys()].filter((name) => !inBroker.has(name)).sort();
    const removed = [...inBroker].filter((name) => !registry.has(name)).sort();
    if (removed.length) {
      const steps: [Command, Tolerated][] = removed.flatMap((username): [Command, Tolerated][] => [
        [{ command: 'deleteClient', username }, 'Client not found'],
        [{ command: 'deleteRole', rolename: deviceRole(username) }, 'Role not found'],
      ]);
      await this.change(`removal of ${removed.length} account(s) of devices no longer registered`, steps);
    }
    if (missing.length)
      this.opts.log.warn(
        { missing: missing.length, sample: missing.slice(0, 20) },
        'dynamic security: session devices without a broker account cannot connect until their secret is re-issued',
      );
    this.last = { at: Date.now(), provisioned: registry.size - missing.length, missing, removed };
    return this.last;
  }

  /** The last reconcile's findings (waits for one in progress). */
  async report(): Promise<ReconcileReport | null> {
    await this.reconciling;
    return this.last;
  }

  health(): CredentialsHealth {
    const last = this.last;
    return {
      mode: 'dynsec',
      connected: this.client.connected,
      confirmed: this.confirmed,
      failed: this.failed,
      lastError: this.lastError,
      ...(last
        ? {
            reconcile: {
              at: last.at,
              provisioned: last.provisioned,
              missing: last.missing.length,
              removed: last.removed.length,
            },
          }
        : {}),
    };
  }

  async close(): Promise<void> {
    await this.client.endAsync().catch(() => undefined);
  }
}
