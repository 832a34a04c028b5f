import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/** argon2id (OWASP 2024 parameters: 19 MiB, 2 passes). */
const ARGON2 = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2);
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
