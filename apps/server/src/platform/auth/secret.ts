import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The token-signing secret: from TOKEN_SECRET, else generated once and kept in DATA_DIR. */
export function loadTokenSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) {
    if (configured.length < 32) throw new Error('TOKEN_SECRET must be at least 32 characters');
    return new TextEncoder().encode(configured);
  }
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(dataDir, 'token-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
