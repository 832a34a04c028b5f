import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { type Scope, updated } from '../../../platform/scope.ts';
import { sysUser } from './user.table.ts';

/** The signed-in user's own row: its details, password hash and avatar. Every function acts on the scope's user only. */

export interface ProfileValues {
  nickName: string;
  phonenumber?: string;
  email?: string;
  sex?: '0' | '1' | '2';
}

export async function updateOwnProfile(db: Db, scope: Scope, now: number, values: ProfileValues) {
  await db
    .update(sysUser)
    .set({ ...values, ...updated(scope, now) })
    .where(eq(sysUser.userId, scope.userId));
}

/** The stored password hash of the signed-in user, if the user still exists. */
export async function ownPasswordHash(db: Db, scope: Scope): Promise<string | undefined> {
  const [user] = await db.select({ password: sysUser.password }).from(sysUser).where(eq(sysUser.userId, scope.userId));
  return user?.password;
}

/** A new password for the signed-in user; an initial password no longer has to be changed. */
export async function setOwnPassword(db: Db, scope: Scope, now: number, hash: string) {
  const at = new Date(now);
  await db
    .update(sysUser)
    .set({ password: hash, pwdMustChange: false, pwdUpdateDate: at, ...updated(scope, now) })
    .where(eq(sysUser.userId, scope.userId));
}

export async function setOwnAvatar(db: Db, scope: Scope, url: string) {
  await db.update(sysUser).set({ avatar: url }).where(eq(sysUser.userId, scope.userId));
}
