import { connect } from 'node:net';

/** True when something listens at host:port (the CI and developer machines run Redis, Mosquitto, PostgreSQL). */
export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Under CI a missing service is a failure, not a skip. */
export function requireService(name: string, up: boolean): boolean {
  if (!up && process.env.CI === 'true') throw new Error(`${name} is not reachable, and CI must test against it`);
  if (!up) console.warn(`\n  !! ${name} is not reachable: its tests are skipped on this machine\n`);
  return up;
}
