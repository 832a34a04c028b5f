import { CODE, email, phone, rule, text, updatePasswordBody } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../../platform/auth/password.ts';
import { invalidateAuthz } from '../../../platform/auth/principal.ts';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { AppError, fail } from '../../../platform/errors.ts';
import { LOCK_MINUTES, MAX_PASSWORD_RETRIES } from '../../auth/auth.service.ts';
import { receiveUpload } from '../../common/common.routes.ts';
import { ownPasswordHash, setOwnAvatar, setOwnPassword, updateOwnProfile } from './profile.repository.ts';
import { currentUser } from './user-info.ts';

const profileBody = z.object({
  nickName: text(1, 30),
  phonenumber: phone().optional(),
  email: email().optional(),
  sex: z.enum(['0', '1', '2'], { error: rule('valid.enum') }).optional(),
});

/** The lock screen's password (trimmed, as at sign-in). */
const unlockBody = z.object({ password: text(1, 100) });

/**
 * Wrong lock-screen passwords count per session, not towards the account's sign-in lockout:
 * a passer-by at an unattended desk could otherwise lock the owner out of every device. After
 * as many wrong passwords as sign-in allows, the session ends, so the lock screen cannot be
 * guessed at any longer than the sign-in page, where the account lockout then applies.
 */
const unlockFailures = (tokenId: string) => `unlock_err:${tokenId}`;

/** The personal centre: own details, password and avatar; and the lock screen's password check. */
export function profileRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    const tags = ['profile'];
    app.get('/system/user/profile', { schema: { tags } }, async (req) => {
      const user = await currentUser(deps, req.auth());
      return {
        ...ok(req.lang, user),
        roleGroup: user.roles.map((r) => r.roleName).join(','),
        postGroup: user.posts.map((p) => p.postName).join(','),
      };
    });

    app.put(
      '/system/user/profile',
      { config: { operLog: { title: 'profile', businessType: 2 } }, schema: { tags, body: profileBody } },
      async (req) => {
        const ctx = req.auth();
        await updateOwnProfile(db, ctx, deps.clock.now(), req.body);
        await invalidateAuthz(deps.cache, ctx.principal.userId);
        return ok(req.lang);
      },
    );

    app.put(
      '/system/user/profile/updatePwd',
      { config: { operLog: { title: 'profile', businessType: 2 } }, schema: { tags, body: updatePasswordBody } },
      async (req) => {
        const ctx = req.auth();
        const hash = await ownPasswordHash(db, ctx);
        if (hash === undefined || !(await verifyPassword(req.body.oldPassword, hash)).ok)
          throw fail('password.oldWrong');
        if (req.body.oldPassword === req.body.newPassword) throw fail('password.sameAsOld');
        await setOwnPassword(db, ctx, deps.clock.now(), await hashPassword(req.body.newPassword));
        // the session may act at once once an initial password is replaced
        await invalidateAuthz(deps.cache, ctx.principal.userId);
        return ok(req.lang);
      },
    );

    // the lock screen of RuoYi clients: the session stays as it is when the password is right
    app.post(
      '/unlockscreen',
      { schema: { tags, summary: "Unlock the screen with the signed-in user's password", body: unlockBody } },
      async (req) => {
        const ctx = req.auth();
        const hash = await ownPasswordHash(db, ctx);
        const key = unlockFailures(ctx.session.tokenId);
        if (hash !== undefined && (await verifyPassword(req.body.password, hash)).ok) {
          await deps.cache.del(key);
          return ok(req.lang, undefined, 'system.profile.unlocked');
        }
        const count = await deps.cache.incr(key, LOCK_MINUTES * 60);
        if (count >= MAX_PASSWORD_RETRIES) {
          await deps.sessions.remove(ctx.session.tokenId);
          await deps.cache.del(key);
          throw new AppError(CODE.UNAUTHORIZED, 'system.profile.unlockSignedOut');
        }
        throw fail('system.profile.unlockWrong', { left: MAX_PASSWORD_RETRIES - count });
      },
    );

    app.post(
      '/system/user/profile/avatar',
      {
        config: { operLog: { title: 'avatar', businessType: 2 } },
        schema: { tags, consumes: ['multipart/form-data'] },
      },
      async (req) => {
        const ctx = req.auth();
        const stored = await receiveUpload(deps, await req.file(), 'image');
        await setOwnAvatar(db, ctx, stored.url);
        await invalidateAuthz(deps.cache, ctx.principal.userId);
        return { ...ok(req.lang), imgUrl: stored.url };
      },
    );
  };
}
