import { APP_PLATFORMS, TERMINAL_HEADER, terminalBody, terminalRegisterBody, terminalRow } from '@luxgrid/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { fail } from '../../platform/errors.ts';
import { pageQuery } from '../../platform/paging.ts';
import { parseIdList, resourceRoutes } from '../../platform/resource-routes.ts';
import { formatDate } from '../system/user/user-info.ts';
import { mobileRepository } from './mobile.repository.ts';

const listQuery = pageQuery.extend({
  userName: z.string().max(30).optional(),
  terminalCode: z.string().max(64).optional(),
  platform: z.enum(APP_PLATFORMS).optional(),
  status: z.enum(['0', '1']).optional(),
});

/**
 * Mobile terminals (app/terminal): the phones that signed in from the app. The app records itself
 * right after signing in (`POST /app/terminal/register`, its code also in the `x-terminal-code`
 * header); revoking a terminal ends its sessions and refuses it from then on.
 */
export function terminalRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { terminals } = mobileRepository(deps.database);
  const now = () => deps.clock.now();
  const tags = ['app/terminal'];
  const endSessions = async (tokenIds: readonly string[]) => {
    for (const tokenId of new Set(tokenIds)) await deps.sessions.remove(tokenId);
  };
  /** Online now, and last seen as the newest of the record and its open sessions. */
  const withSessions = async <T extends { tokenIds: string[]; lastSeen: string | null }>(row: T) => {
    const { tokenIds, ...rest } = row;
    const open = (await Promise.all(tokenIds.map((id) => deps.sessions.get(id).catch(() => null)))).filter(
      (s) => s !== null,
    );
    const newest = Math.max(0, ...open.map((s) => s.lastAccess));
    const recorded = row.lastSeen ? new Date(row.lastSeen.replace(' ', 'T')).getTime() : 0;
    return {
      ...rest,
      online: open.length > 0,
      lastSeen: newest > recorded ? formatDate(new Date(newest)) : row.lastSeen,
    };
  };

  return async (app) => {
    resourceRoutes(app, deps, {
      base: '/app/terminal',
      perm: 'app:terminal',
      tags,
      title: 'mobile terminals',
      idName: 'terminalId',
      idsName: 'terminalIds',
      row: terminalRow,
      list: {
        query: listQuery,
        sortable: terminals.sortable,
        order: terminals.order,
        rows: async (scope, q, page) => {
          const { rows, total } = await terminals.list(scope, q, page);
          return { rows: await Promise.all(rows.map(withSessions)), total };
        },
      },
      get: async (scope, id) => {
        const row = await terminals.find(scope, id);
        return row ? withSessions(row) : undefined;
      },
      add: {
        body: terminalBody,
        run: async (scope, body) => {
          const user = await terminals.userInScope(scope, body.userId);
          return terminals.insert(scope, now(), body, user.clientId);
        },
      },
      edit: {
        body: terminalBody,
        run: async (scope, body) => {
          if (!body.terminalId) throw fail('valid.required', { field: 'terminalId' });
          await endSessions(await terminals.update(scope, now(), body.terminalId, body));
        },
      },
      remove: async (scope, ids) => endSessions(await terminals.remove(scope, ids)),
      export: {
        sheet: ['移动终端', 'mobile terminals'],
        columns: [
          ['terminalCode', '终端编号', 'Terminal', 24],
          ['userName', '用户账号', 'Account', 14],
          ['nickName', '用户昵称', 'User', 14],
          ['platform', '平台', 'Platform', 10, { dict: 'app_platform' }],
          ['deviceModel', '设备型号', 'Device model', 18],
          ['osVersion', '系统版本', 'OS', 12],
          ['appVersion', '应用版本', 'App version', 12],
          ['ipaddr', 'IP地址', 'IP address', 16],
          ['firstSeen', '首次登录', 'First seen', 20],
          ['lastSeen', '最后在线', 'Last seen', 20],
          ['status', '状态', 'Status', 10, { fixed: { '0': ['正常', 'Active'], '1': ['已停用', 'Revoked'] } }],
          ['remark', '备注', 'Remark', 24],
        ],
        rows: terminals.exportRows,
      },
    });

    app.put(
      '/app/terminal/revoke/:terminalIds',
      {
        config: { perm: 'app:terminal:edit', operLog: { title: 'mobile terminals', businessType: 7 } },
        schema: {
          tags,
          summary: 'Revoke terminals: their sessions end and they may not sign in again',
          params: z.object({
            terminalIds: z
              .string()
              .max(8000)
              .regex(/^\d{1,15}(,\d{1,15})*$/),
          }),
        },
      },
      async (req) => {
        await endSessions(await terminals.revoke(req.auth(), now(), parseIdList(req.params.terminalIds)));
        return ok(req.lang);
      },
    );

    app.post(
      '/app/terminal/register',
      {
        config: { operLog: { title: 'mobile terminals', businessType: 0 } },
        schema: {
          tags,
          summary: 'The app records the terminal it signed in from; a revoked terminal is signed out',
          body: terminalRegisterBody,
        },
      },
      async (req) => {
        const ctx = req.auth();
        const header = req.headers[TERMINAL_HEADER];
        if (typeof header === 'string' && header && header !== req.body.terminalCode)
          throw fail('valid.type', { field: TERMINAL_HEADER });
        const result = await terminals.register(
          ctx,
          now(),
          { tokenId: ctx.session.tokenId, userAgent: String(req.headers['user-agent'] ?? ''), ip: ctx.ip },
          req.body,
        );
        if (result.revoked) {
          await deps.sessions.remove(ctx.session.tokenId);
          throw fail('app.terminal.revoked');
        }
        return ok(req.lang, { terminalId: result.terminalId });
      },
    );
  };
}
