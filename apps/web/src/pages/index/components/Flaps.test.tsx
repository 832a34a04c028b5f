import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { boardStatus, clockIn, Flaps } from './Flaps';

describe('departures board', () => {
  it('shows each character on its own flap and reads as one figure', () => {
    const { container } = render(<Flaps text="97.5" unit="%" label="Online rate" />);
    expect(container.querySelectorAll('.lx-flap')).toHaveLength(4);
    expect(screen.getByRole('img', { name: 'Online rate: 97.5 %' })).toBeTruthy();
  });

  it('calls the last week final, the second boarding', () => {
    expect(boardStatus(0)).toBe('final');
    expect(boardStatus(7)).toBe('final');
    expect(boardStatus(14)).toBe('boarding');
    expect(boardStatus(15)).toBe('scheduled');
  });

  it('tells the time of the project zone and survives an unknown one', () => {
    const now = new Date(Date.UTC(2026, 10, 21, 23, 30));
    expect(clockIn('Asia/Shanghai', now, 'en-US').time).toBe('07:30');
    expect(clockIn('Europe/London', now, 'en-US').time).toBe('23:30');
    expect(clockIn('Not/AZone', now, 'en-US').time).toMatch(/^\d{2}:\d{2}$/);
  });
});
