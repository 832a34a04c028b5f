import type { Area } from '../../platform/area.ts';
import { startConnectivitySampler, stopConnectivitySampler } from './connectivity/connectivity-sampler.ts';
import { operationsRoutes } from './operations.routes.ts';
import { throughputMeter } from './throughput/throughput.ts';

/**
 * The operations monitor (subsystem 122, `sys`): platform overview, device connectivity over time,
 * communication links, message throughput and service status.
 */
export const operationsArea: Area = {
  name: 'operations',
  menus: ['sys'],
  routes: (deps) => [operationsRoutes(deps)],
  // the samples and the meter stop with the HTTP server, before the database closes
  hooks: (app, deps) =>
    app.addHook('onClose', async () => {
      stopConnectivitySampler(deps);
      throughputMeter(deps).stop();
    }),
  listens: (deps) => {
    startConnectivitySampler(deps);
    throughputMeter(deps).start();
  },
};
