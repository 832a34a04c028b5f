import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServerInfo, serverApi } from '../../../features/monitor/server-api';
import { ServerMonitorPage } from './index';

vi.mock('../../../shared/chart/EChart', () => ({
  EChart: ({ label, testId }: { label: string; testId?: string }) => (
    <div role="img" aria-label={label} data-testid={testId} />
  ),
}));

const SLOW = { timeout: 15_000 };

const INFO: ServerInfo = {
  cpu: {
    cores: 2,
    model: 'Xeon',
    speedMhz: 0,
    loadAverage: [1.5, 1, 0.5],
    used: 42,
    user: 30,
    sys: 12,
    idle: 58,
    process: 1.2,
    sampleMs: 200,
  },
  memory: {
    total: 8 * 1024 ** 3,
    used: 2 * 1024 ** 3,
    free: 6 * 1024 ** 3,
    usage: 25,
    totalMb: 8192,
    usedMb: 2048,
    freeMb: 6144,
  },
  node: {
    version: 'v20.20.2',
    pid: 4242,
    uptimeSeconds: 3 * 3600 + 125,
    startTime: '2026-01-01T00:00:00.000Z',
    rss: 100 * 1024 ** 2,
    heapTotal: 80 * 1024 ** 2,
    heapUsed: 40 * 1024 ** 2,
    external: 1024 ** 2,
    rssMb: 100,
    heapUsedMb: 40,
    heapTotalMb: 80,
    heapUsage: 50,
    eventLoopDelay: { p50Ms: 10, p99Ms: 21.5, maxMs: 80, meanMs: 11 },
    execPath: '/usr/bin/node',
    cwd: '/srv/luxgrid',
  },
  os: { hostname: 'lamp-01', platform: 'linux', type: 'Linux', release: '6.1', arch: 'x64', uptimeSeconds: 86_400 },
  disks: [
    { path: '/var/lib/luxgrid', total: 100 * 1024 ** 3, used: 95 * 1024 ** 3, free: 5 * 1024 ** 3, usage: 95 },
    { path: '/mnt/gone', error: 'ENOENT' },
  ],
  network: { host: '0.0.0.0', port: 8080, interfaces: [], traffic: [] },
};

afterEach(() => vi.restoreAllMocks());

describe('ServerMonitorPage', { timeout: 60_000 }, () => {
  it('shows the real figures, disk usage and unreadable disks, and pauses the refresh', async () => {
    const get = vi.spyOn(serverApi, 'get').mockResolvedValue({ code: 200, data: INFO });
    render(
      <App>
        <ServerMonitorPage />
      </App>,
    );
    expect(await screen.findByText('v20.20.2', {}, SLOW)).toBeTruthy();
    expect(screen.getByTestId('server-uptime').textContent).toBe('3 小时 2 分钟');
    expect(screen.getByText('/var/lib/luxgrid')).toBeTruthy();
    expect(screen.getByText('无法读取（ENOENT）')).toBeTruthy();
    expect(screen.getByText('lamp-01')).toBeTruthy();
    for (const gauge of ['cpu', 'memory', 'heap', 'disk'])
      expect(screen.getByTestId(`server-gauge-${gauge}`)).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByTestId('server-pause'));
    expect(screen.getByText('已暂停自动刷新')).toBeTruthy();
    expect(screen.getByTestId('server-pause').getAttribute('aria-pressed')).toBe('true');
  });
});
