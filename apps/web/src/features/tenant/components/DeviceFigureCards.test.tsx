import { COUNTED_DEVICE_TYPES } from '@luxgrid/contracts/lighting';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../../locales';
import { readDeviceFigures } from '../home-figures';
import { DeviceFigureCards } from './DeviceFigureCards';

/** What the device list page asks the server for: the filters it reads from the address. */
function DeviceListProbe() {
  const [search] = useSearchParams();
  return <pre data-testid="device-list-query">{JSON.stringify(Object.fromEntries(search))}</pre>;
}

const figures = readDeviceFigures({
  devices: { total: 213, lamps: 200, lampHeads: 263, online: 209, offline: 4, neverConnected: 4, faults: 3 },
});

function open(card: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <DeviceFigureCards figures={figures} /> },
      { path: '/web/lighting/device', element: <DeviceListProbe /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  fireEvent.click(screen.getByTestId(`figure-${card}`));
  return JSON.parse(screen.getByTestId('device-list-query').textContent ?? '{}') as Record<string, string>;
}

describe('home device figures open the device list filtered as they count', () => {
  it('faults: the faulty devices', () => {
    expect(open('faults')).toEqual({ fault: 'true' });
  });

  it('online rate: the counted devices that are not online, never connected included', () => {
    expect(open('online')).toEqual({ deviceTypes: COUNTED_DEVICE_TYPES.join(','), commStates: 'OFF,INIT' });
  });

  it('lamps: the lamp controllers', () => {
    expect(open('lamps')).toEqual({ deviceType: 'RTU' });
  });
});

describe('home alarm figures', () => {
  it('shows open, unacknowledged and today alarms when the alarm figures are reported', () => {
    const withAlarms = readDeviceFigures({
      devices: { total: 10, lamps: 8, online: 9, faults: 1 },
      alarms: { open: 7, unacknowledged: 4, today: 2 },
    });
    const router = createMemoryRouter([{ path: '/', element: <DeviceFigureCards figures={withAlarms} /> }], {
      initialEntries: ['/'],
    });
    render(<RouterProvider router={router} />);
    const text = screen.getByTestId('device-figures').textContent ?? '';
    expect(text).toMatch(/未恢复告警\s*7/);
    expect(text).toMatch(/未确认告警\s*4/);
    expect(text).toMatch(/今日告警\s*2/);
  });
});
