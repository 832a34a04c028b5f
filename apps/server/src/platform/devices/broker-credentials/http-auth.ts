import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { parseMqttUserName } from '@luxgrid/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../context.ts';
import { newStats } from '../options.ts';
import { authenticateDevice, deviceMayUse } from '../sessions.ts';

type Verdict = 'allow' | 'deny' | 'ignore';
/** Failed sign-ins one device user name may have per minute before it is refused unchecked. */
export const AUTH_FAILURES_PER_MINUTE = 10;
const WINDOW_S = 60;

/** Addresses and CIDR blocks (IPv4 or IPv6) from MQTT_HOOK_ALLOW; a bad entry stops the start. */
export function hookAllowList(entries: string[]): BlockList | null {
  if (!entries.length) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
      throw new Error(`MQTT_HOOK_ALLOW: "${entry}" is not an address or CIDR block`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  return list;
}

function allowedBy(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  return list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * EMQX 5's HTTP authentication and authorization hooks (MQTT_CREDENTIALS=http):
 * `POST /mqtt/auth` with `{"username","password","clientid"}` and `POST /mqtt/acl` with
 * `{"username","topic","action"}` (EMQX's ${username}, ${password}, ${topic}, ${action}
 * placeholders), answered `{"result":"allow"|"deny"|"ignore"}` with status 200. Device user names
 * (`{projectId}-{uid}`) are decided here — the secret against the registry's hash, the topic
 * against the device's own up/ (publish) and down/ (subscribe) topics, and a device deleted or
 * left without a secret is refused both; any other user name (the server's own account, an
 * operator's) is `ignore`d for the next authenticator in EMQX's chain. Only callers with the
 * shared secret (`Authorization: Bearer MQTT_HOOK_SECRET`) and/or from MQTT_HOOK_ALLOW are
 * answered; calls beyond MQTT_HOOK_RATE_PER_MINUTE per address, and sign-ins of a user name that
 * failed AUTH_FAILURES_PER_MINUTE times this minute, are denied — never ignored, since EMQX may
 * let an ignored request through.
 */
export function registerMqttHooks(app: FastifyInstance, deps: Deps, root: string): void {
  const { config } = deps;
  const allow = hookAllowList(config.mqttHookAllow);
  if (!allow && !config.mqttHookSecret)
    throw new Error(
      'MQTT_CREDENTIALS=http needs MQTT_HOOK_SECRET or MQTT_HOOK_ALLOW to protect /mqtt/auth and /mqtt/acl',
    );
  const stats = newStats();

  const window = () => Math.floor(deps.clock.now() / (WINDOW_S * 1000));
  const answer = (reply: FastifyReply, result: Verdict, status = 200) =>
    reply.code(status).type('application/json').send({ result, is_superuser: false });

  /** Whether the caller may ask at all; answers (and returns false) when not. */
  async function admitted(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (allow && !allowedBy(allow, request.ip)) {
      answer(reply, 'deny', 403);
      return false;
    }
    if (config.mqttHookSecret) {
      const header = text(request.headers.authorization);
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!sameSecret(given, config.mqttHookSecret)) {
        answer(reply, 'deny', 401);
        return false;
      }
    }
    if (config.mqttHookPerMinute > 0) {
      const count = await deps.cache.incr(`rate:mqtt-hook:${request.ip}:${window()}`, WINDOW_S);
      if (count > config.mqttHookPerMinute) {
        answer(reply, 'deny');
        return false;
      }
    }
    return true;
  }

  app.post(
    '/mqtt/auth',
    { config: { public: true }, schema: { tags: ['mqtt'], summary: 'EMQX HTTP authentication of a device' } },
    async (request, reply) => {
      if (!(await admitted(request, reply))) return reply;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const username = text(body.username);
      if (!parseMqttUserName(username)) return answer(reply, 'ignore');
      const failures = `rate:mqtt-auth-failed:${username}:${window()}`;
      if (Number((await deps.cache.get(failures)) ?? 0) >= AUTH_FAILURES_PER_MINUTE) return answer(reply, 'deny');
      const okay = await authenticateDevice(deps.database, stats, username, text(body.password), false);
      if (!okay) await deps.cache.incr(failures, WINDOW_S);
      return answer(reply, okay ? 'allow' : 'deny');
    },
  );

  app.post(
    '/mqtt/acl',
    {
      config: { public: true },
      schema: { tags: ['mqtt'], summary: "EMQX HTTP authorization of a device's publish or subscribe" },
    },
    async (request, reply) => {
      if (!(await admitted(request, reply))) return reply;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const username = text(body.username);
      const device = parseMqttUserName(username);
      if (!device) return answer(reply, 'ignore');
      const action = text(body.action);
      if (action !== 'publish' && action !== 'subscribe') return answer(reply, 'deny');
      if (!deviceMayUse(root, username, text(body.topic), action, false)) return answer(reply, 'deny');
      const [row] = await deps.database.query<{ ok: boolean }>(
        'select secret_hash is not null as ok from lt_device where project_id = $1 and uid = $2',
        [device.projectId, device.uid],
      );
      return answer(reply, row?.ok ? 'allow' : 'deny');
    },
  );
}
