import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../platform/context.ts';
import { ok } from '../../../platform/envelope.ts';
import { platformOnly } from '../platform-only.ts';
import { serverInfo, startLoopDelayMonitor } from './server-info.ts';

/** Server monitor (RuoYi /monitor/server): CPU, memory, Node runtime, OS, disks, network. */
export function serverRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    platformOnly(app);
    startLoopDelayMonitor();
    app.get(
      '/monitor/server',
      { config: { perm: 'monitor:server:list' }, schema: { tags: ['monitor/server'] } },
      async (req) =>
        ok(
          req.lang,
          await serverInfo({ dataDir: deps.config.dataDir, host: deps.config.host, port: deps.config.port }),
        ),
    );
  };
}
