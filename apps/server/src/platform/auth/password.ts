import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/** argon2id (OWASP 2024 parameters: 19 MiB, 2 passes). */
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

/**
 * A drawn password carries ~69 bits of chance (12 of 55 signs), far beyond any guessing, so it
 * needs no memory-hard stretching: a light argon2id keeps an import of thousands of users fast.
 * Its holder must replace it at first sign-in, and the replacement gets the full parameters.
 */
const ARGON2_DRAWN = { algorithm: 2 as const, memoryCost: 4096, timeCost: 1, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2);
}

export function hashDrawnPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_DRAWN);
}

/** No 0/O/o, 1/l/I/i: a drawn password is read off a screen or a sheet and typed by hand. */
const READABLE = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghjkmnpqrstuvwxyz',
  digit: '23456789',
};
const READABLE_ALL = READABLE.upper + READABLE.lower + READABLE.digit;
export const DRAWN_PASSWORD_LENGTH = 12;

/** A random password from an unambiguous alphabet, with at least one upper-case letter, lower-case letter and digit. */
export function drawPassword(length = DRAWN_PASSWORD_LENGTH): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < length; i++) out += READABLE_ALL[randomInt(READABLE_ALL.length)];
    if (Object.values(READABLE).every((set) => [...out].some((c) => set.includes(c)))) return out;
  }
}

/** Verifies argon2id or bcrypt ($2a$/$2b$/$2y$, as RuoYi systems store); tells when the hash should be upgraded. */
export async function verifyPassword(plain: string, stored: string): Promise<{ ok: boolean; upgrade: boolean }> {
  if (stored.startsWith('$argon2')) {
    try {
      return { ok: await verify(stored, plain), upgrade: false };
    } catch {
      return { ok: false, upgrade: false };
    }
  }
  if (/^\$2[aby]\$\d\d\$/.test(stored)) {
    const ok = await bcrypt.compare(plain, stored.replace(/^\$2y\$/, '$2b$'));
    return { ok, upgrade: ok };
  }
  return { ok: false, upgrade: false };
}

let decoy: Promise<string> | undefined;
/** A full-cost hash of nothing anybody knows, checked against when there is no account or a cheaper hash failed. */
const decoyHash = () => {
  decoy ??= hashPassword(randomBytes(24).toString('base64'));
  return decoy;
};

/**
 * Sign-in's check: an unknown account, and a refused password under a lighter hash, cost the
 * same full-parameter verification as a wrong password of an ordinary account, so that the
 * answer's timing does not tell which accounts exist or still hold a drawn password.
 */
export async function verifySignIn(plain: string, stored: string | null): Promise<{ ok: boolean; upgrade: boolean }> {
  if (stored === null) {
    await verify(await decoyHash(), plain).catch(() => false);
    return { ok: false, upgrade: false };
  }
  const verdict = await verifyPassword(plain, stored);
  if (!verdict.ok && !stored.startsWith(ARGON2_PREFIX)) await verify(await decoyHash(), plain).catch(() => false);
  return verdict;
}
