import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { Scope } from '../../platform/scope.ts';
import { type FileKind, sysFile } from './file.table.ts';

/** Stored files and whom they belong to: the only SQL over sys_file. */

/** Records a stored file as the scope's (its customer's, or the platform's when none is chosen). */
export async function insertFile(
  db: Db,
  scope: Scope,
  file: { path: string; originalName: string; kind: FileKind; size: number },
): Promise<void> {
  await db.insert(sysFile).values({
    clientId: scope.clientId,
    path: file.path,
    // control characters (NUL above all) cannot be stored and mean nothing in a file name
    originalName: file.originalName.replace(/\p{Cc}/gu, '').slice(0, 255),
    kind: file.kind,
    size: file.size,
    userId: scope.userId,
    createBy: scope.userName,
  });
}

/**
 * The record of the file stored at this path, whoever owns it: callers decide who may read it
 * (files are served by unguessable name, and platform users read files recorded before owners).
 */
export async function fileAt(db: Db, path: string) {
  const [row] = await db.select().from(sysFile).where(eq(sysFile.path, path));
  return row;
}

/** Forgets the record of a file once the file itself is gone (a one-time export after its download). */
export async function deleteFileAt(db: Db, path: string): Promise<void> {
  await db.delete(sysFile).where(eq(sysFile.path, path));
}
