import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePolling } from './use-polling';

function Probe({ load, paused }: { load: (signal: AbortSignal) => Promise<number>; paused: boolean }) {
  const state = usePolling(load, { intervalMs: 5000, paused });
  return (
    <div>
      <span data-testid="data">{state.data ?? 'none'}</span>
      <span data-testid="error">{state.error ?? ''}</span>
      <button type="button" onClick={state.refresh}>
        refresh
      </button>
    </div>
  );
}

/** Lets the pending promise callbacks run inside act(). */
const flush = () => act(async () => undefined);

describe('usePolling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads at once, then every 5 s after each answer', async () => {
    let n = 0;
    const load = vi.fn(async () => ++n);
    render(<Probe load={load} paused={false} />);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('data').textContent).toBe('1');
    await act(async () => vi.advanceTimersByTime(4999));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('data').textContent).toBe('2');
  });

  it('never overlaps: the next turn waits for a slow answer', async () => {
    let resolve: (value: number) => void = () => undefined;
    const load = vi.fn(() => new Promise<number>((done) => (resolve = done)));
    render(<Probe load={load} paused={false} />);
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve(7));
    expect(screen.getByTestId('data').textContent).toBe('7');
    await act(async () => vi.advanceTimersByTime(5000));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stops while paused and loads at once on resume', async () => {
    const load = vi.fn(async () => 1);
    const view = render(<Probe load={load} paused={false} />);
    await flush();
    view.rerender(<Probe load={load} paused />);
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(load).toHaveBeenCalledTimes(1);
    view.rerender(<Probe load={load} paused={false} />);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the last data and reports a failure, then goes on polling', async () => {
    const load = vi.fn().mockResolvedValueOnce(3).mockRejectedValueOnce(new Error('down')).mockResolvedValue(4);
    render(<Probe load={load} paused={false} />);
    await flush();
    await act(async () => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('data').textContent).toBe('3');
    expect(screen.getByTestId('error').textContent).toBe('down');
    await act(async () => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('data').textContent).toBe('4');
    expect(screen.getByTestId('error').textContent).toBe('');
  });

  it('aborts the request and stops the timer on unmount', async () => {
    let seen: AbortSignal | null = null;
    const load = vi.fn((signal: AbortSignal) => {
      seen = signal;
      return new Promise<number>(() => undefined);
    });
    const view = render(<Probe load={load} paused={false} />);
    await flush();
    view.unmount();
    expect(seen!.aborted).toBe(true);
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
