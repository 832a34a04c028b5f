import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/context.ts';
import { deviceRoutes } from './device/device.routes.ts';
import { listenForFaults } from './gateway/fault-state.ts';
import { runtimeRoutes } from './gateway/runtime.routes.ts';
import { registerDeviceFigures } from './home/device-figures.ts';
import { importRoutes } from './import/import.routes.ts';
import { registryRoutes } from './registry/registry.routes.ts';

/** Smart lighting: device registry, models, groups and tags, imports, runtime data, commands and fault states. */
export async function registerLightingModules(app: FastifyInstance, deps: Deps): Promise<void> {
  registerDeviceFigures();
  // for the life of the process: the hub's last writes at shutdown still carry fault changes
  listenForFaults(deps);
  await app.register(deviceRoutes(deps));
  await app.register(registryRoutes(deps));
  await app.register(runtimeRoutes(deps));
  await app.register(importRoutes(deps));
}
