import { afterEach, describe, expect, it, vi } from 'vitest';
import { joinToken, session } from '../../app/session';
import { enterSystem, systemName } from './enter-system';

const enter = vi.fn();
vi.mock('./api', () => ({ subsystemApi: { enter: (id: number) => enter(id) } }));

afterEach(() => {
  enter.mockReset();
  session.set({ token: null, currentCustomer: null });
});

describe('entering a sub-system', () => {
  it('opens a linked system with the token split in two halves and the customer', async () => {
    session.set({ token: 'tok-123', currentCustomer: { id: 7, name: 'C' } });
    enter.mockResolvedValue({ data: { id: 130, encode: 'ops', name: 'Ops', url: 'https://ops.example.com/entry' } });
    const outcome = await enterSystem(130);
    expect(enter).toHaveBeenCalledWith(130);
    expect(outcome.kind).toBe('external');
    const url = new URL((outcome as { url: string }).url);
    expect(url.origin + url.pathname).toBe('https://ops.example.com/entry');
    expect(joinToken(url.searchParams.get('code2')!, url.searchParams.get('pppp')!)).toBe('tok-123');
    expect(url.searchParams.get('systemId')).toBe('130');
    expect(url.searchParams.get('clientId')).toBe('7');
  });

  it('goes to the map screen, or stays for a system served here', async () => {
    enter.mockResolvedValueOnce({ data: { id: 121, encode: 'mapScreen', name: 'Map', url: null } });
    await expect(enterSystem(121)).resolves.toEqual({ kind: 'mapScreen' });
    enter.mockResolvedValueOnce({ data: { id: 101, encode: 'lighting', name: 'Lighting', url: null } });
    await expect(enterSystem(101)).resolves.toMatchObject({ kind: 'here', system: { encode: 'lighting' } });
  });

  it('names a sub-system in the interface language, whatever the sign-in language was', () => {
    const system = { id: 101, encode: 'lighting', name: '智慧照明', nameZh: '智慧照明', nameEn: 'Smart Lighting' };
    expect(systemName(system, 'en-US')).toBe('Smart Lighting');
    expect(systemName({ ...system, name: 'Smart Lighting' }, 'zh-CN')).toBe('智慧照明');
    // a list stored before both names were kept
    expect(systemName({ id: 101, encode: 'lighting', name: '智慧照明' }, 'en-US')).toBe('智慧照明');
  });

  it('passes the refusal on', async () => {
    enter.mockRejectedValue(new Error('Permission restriction, cannot enter this subsystem'));
    await expect(enterSystem(102)).rejects.toThrow('Permission restriction, cannot enter this subsystem');
  });
});
