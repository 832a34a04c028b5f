import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.ts';

/** Smart lighting: device registry, models, groups and tags, imports, runtime data, the device gateway. */
export async function registerLightingModules(_app: FastifyInstance, _deps: Deps): Promise<void> {}
