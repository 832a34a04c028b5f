import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../app/session';
import '../../locales';
import { ControlButtons } from './control';

afterEach(() => session.set({ permissions: [] }));

describe('control buttons', () => {
  it('show only the actions whose button permission the user holds', () => {
    session.set({ permissions: ['lighting:device:on', 'lighting:device:calling'] });
    const onRun = vi.fn();
    render(
      <App>
        <ControlButtons
          actions={['LIGHT_ON', 'LIGHT_OFF', 'LIGHT_DIMMING', 'calling']}
          resources={['device']}
          onRun={onRun}
        />
      </App>,
    );
    expect(screen.getByTestId('control-LIGHT_ON')).toBeTruthy();
    expect(screen.getByTestId('control-calling')).toBeTruthy();
    expect(screen.queryByTestId('control-LIGHT_OFF')).toBeNull();
    expect(screen.queryByTestId('control-LIGHT_DIMMING')).toBeNull();
    screen.getByTestId('control-LIGHT_ON').click();
    expect(onRun).toHaveBeenCalledWith('LIGHT_ON');
  });

  it('accept any of several permission pages and render nothing without one', () => {
    session.set({ permissions: ['lighting:group:off'] });
    const { container } = render(
      <App>
        <ControlButtons actions={['LIGHT_ON']} resources={['device', 'group']} onRun={() => undefined} />
      </App>,
    );
    expect(container.querySelector('button')).toBeNull();
    session.set({ permissions: ['lighting:group:on'] });
    render(
      <App>
        <ControlButtons actions={['BREAKER_ON']} resources={['device', 'group']} onRun={() => undefined} />
      </App>,
    );
    expect(screen.getByTestId('control-BREAKER_ON')).toBeTruthy();
  });
});
