import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from './context.ts';
import { fail } from './errors.ts';

const WINDOW_SECONDS = 60;
export const RATE_PREFIX = 'rate:';

/**
 * A fixed one-minute window per client address, counted in the shared cache (Redis when
 * configured), so that every server process behind a load balancer counts the same requests.
 * `limit` 0 turns the limit off.
 */
export function perAddressLimit(deps: Pick<Deps, 'cache' | 'clock'>, name: string, limit: () => number) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const max = limit();
    if (max <= 0) return;
    const now = deps.clock.now();
    const window = Math.floor(now / (WINDOW_SECONDS * 1000));
    const count = await deps.cache.incr(`${RATE_PREFIX}${name}:${request.ip}:${window}`, WINDOW_SECONDS);
    if (count > max) {
      reply.header('retry-after', String(WINDOW_SECONDS - Math.floor((now / 1000) % WINDOW_SECONDS)));
      throw fail('http.429');
    }
  };
}
