import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseMqttUserName } from '@luxgrid/contracts';
import type { Database } from '../db.ts';
import type { HubStats } from './options.ts';

/** A new device secret (shown once) and the hash that is stored. */
export function newDeviceSecret(): { secret: string; hash: string } {
  const secret = randomBytes(18).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

// Secrets are 144 random bits, so a salted SHA-256 is enough; a slow hash would make connect storms cost minutes.
export function hashSecret(secret: string, salt = randomBytes(8).toString('hex')): string {
  return `sha256$${salt}$${createHash('sha256').update(`${salt}:${secret}`).digest('hex')}`;
}

export function verifySecret(secret: string, stored: string | null): boolean {
  if (!stored) return false;
  const [scheme, salt, hex] = stored.split('$');
  if (scheme !== 'sha256' || !salt || !hex) return false;
  const expected = Buffer.from(hashSecret(secret, salt));
  const given = Buffer.from(stored);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Connect-time credentials of a session device: the MQTT user name is '{projectId}-{uid}'
 * (mqttUserName; with `legacy`, the embedded broker's, also the former '{projectId}/{uid}'), the
 * password the device's secret, checked against the registry's hash.
 */
export async function authenticateDevice(
  database: Database,
  stats: Pick<HubStats, 'authAccepted' | 'authRejected'>,
  username: string,
  password: string,
  legacy = true,
): Promise<boolean> {
  const device = parseMqttUserName(username, legacy);
  if (!device) {
    stats.authRejected++;
    return false;
  }
  const [row] = await database.query<{ secret_hash: string | null }>(
    'select secret_hash from lt_device where project_id = $1 and uid = $2',
    [device.projectId, device.uid],
  );
  const okay = verifySecret(password, row?.secret_hash ?? null);
  if (okay) stats.authAccepted++;
  else stats.authRejected++;
  return okay;
}

/** Whether a session device signed in as `username` may publish to (its up/ topics) or subscribe to (its down/ topics) a topic. */
export function deviceMayUse(
  root: string,
  username: string,
  topic: string,
  action: 'publish' | 'subscribe',
  legacy = true,
): boolean {
  const device = parseMqttUserName(username, legacy);
  if (!device) return false;
  return topic.startsWith(`${root}/v1/${device.projectId}/${device.uid}/${action === 'publish' ? 'up' : 'down'}/`);
}

/** A session device publishes under its own up/ topics and reads its own down/ topics. */
export const sessionTopicGuard =
  (root: string) =>
  (username: string, topic: string, action: 'publish' | 'subscribe'): boolean =>
    deviceMayUse(root, username, topic, action);
