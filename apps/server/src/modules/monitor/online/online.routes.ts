import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../../platform/context.ts';
import { ok, table } from '../../../platform/envelope.ts';
import { fail, notFound } from '../../../platform/errors.ts';
import { formatDate } from '../../system/user/user-info.ts';

/** Signed-in sessions; customer administrators see and end only their own customer's. */
export function onlineRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['monitor/online'];
    app.get(
      '/monitor/online/list',
      {
        config: { perm: 'monitor:online:list' },
        schema: {
          tags,
          querystring: z.object({ userName: z.string().max(50).optional(), ipaddr: z.string().max(128).optional() }),
        },
      },
      async (req) => {
        const ctx = req.auth();
        const { userName, ipaddr } = req.query;
        const sessions = (await deps.sessions.list())
          .filter((s) => ctx.platform || s.clientId === ctx.clientId)
          .filter((s) => !userName || s.userName.includes(userName))
          .filter((s) => !ipaddr || s.ipaddr.includes(ipaddr))
          .sort((a, b) => b.loginTime - a.loginTime);
        const rows = sessions.map((s) => ({
          tokenId: s.tokenId,
          userName: s.userName,
          deptName: s.deptName,
          ipaddr: s.ipaddr,
          loginLocation: '',
          browser: s.browser,
          os: s.os,
          loginTime: formatDate(new Date(s.loginTime)),
          lastAccessTime: formatDate(new Date(s.lastAccess)),
        }));
        return table(req.lang, rows, rows.length);
      },
    );

    app.delete(
      '/monitor/online/:tokenId',
      {
        config: { perm: 'monitor:online:forceLogout', operLog: { title: 'online users', businessType: 7 } },
        schema: { tags, params: z.object({ tokenId: z.string().regex(/^[0-9a-f]{32}$/) }) },
      },
      async (req) => {
        const ctx = req.auth();
        const session = await deps.sessions.get(req.params.tokenId);
        if (!session || (!ctx.platform && session.clientId !== ctx.clientId)) throw notFound();
        if (session.tokenId === ctx.session.tokenId) throw fail('online.self');
        await deps.sessions.remove(session.tokenId);
        return ok(req.lang);
      },
    );
  };
}
