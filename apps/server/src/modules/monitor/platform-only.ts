import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';

/**
 * Monitoring and tools are the platform operator's: a customer user is refused even when a
 * role of theirs was given the permission. Runs after the global sign-in and permission check.
 */
export function platformOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.ctx && !request.ctx.platform) throw forbidden('monitor.platformOnly');
  });
}
