import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { extname, relative, resolve, sep } from 'node:path';

export const UPLOAD_URL_PREFIX = '/profile/upload';

/**
 * Uploaded files live under `<DATA_DIR>/uploads/yyyy/MM/dd/`. Every path that comes from a
 * request is resolved and confined to that root: '..', absolute paths and links out are refused.
 */
export class FileStorage {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'uploads');
    mkdirSync(this.root, { recursive: true });
  }

  /** Resolves a stored name ('2026/11/21/x.png' or '/profile/upload/2026/...') inside the root, or null. */
  resolveInside(name: string): string | null {
    const cleaned = name.startsWith(UPLOAD_URL_PREFIX) ? name.slice(UPLOAD_URL_PREFIX.length) : name;
    if (!cleaned || cleaned.includes('\0')) return null;
    const full = resolve(this.root, `.${sep}${cleaned}`);
    const rel = relative(this.root, full);
    if (!rel || rel.startsWith('..') || resolve(this.root, rel) !== full) return null;
    return full;
  }

  /** The path of a stored file below the root ('2026/11/21/x.png'), the same however the name was written; null outside. */
  pathOf(name: string): string | null {
    const full = this.resolveInside(name);
    return full ? relative(this.root, full).split(sep).join('/') : null;
  }

  async save(
    data: Buffer,
    originalName: string,
    now: Date,
  ): Promise<{ fileName: string; url: string; newFileName: string }> {
    const day = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCDate()).padStart(2, '0')}`;
    const ext = extname(originalName)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, '');
    const newFileName = `${randomUUID().replaceAll('-', '')}${ext}`;
    const dir = resolve(this.root, day);
    mkdirSync(dir, { recursive: true });
    await writeFile(resolve(dir, newFileName), data, { flag: 'wx' });
    const fileName = `${UPLOAD_URL_PREFIX}/${day}/${newFileName}`;
    return { fileName, url: fileName, newFileName };
  }

  async open(name: string) {
    const full = this.resolveInside(name);
    if (!full || !existsSync(full)) return null;
    const info = await stat(full);
    if (!info.isFile()) return null;
    return { stream: createReadStream(full), size: info.size, path: full };
  }

  async remove(name: string) {
    const full = this.resolveInside(name);
    if (full) await rm(full, { force: true });
  }
}
