import * as contracts from '@luxgrid/contracts/lighting';
import { describe, expect, it } from 'vitest';
import {
  ACTION_PERMISSION,
  ALLOWED_PARENTS,
  actionsFor,
  CHANNEL_MAX,
  CHANNEL_MIN,
  channelValid,
  DEFAULT_LAMP_HEAD_LIMIT,
  freeAddresses,
  holdsSession,
  IMPORT_TYPES,
  METER_ADDRESS_MAX,
  meshCapable,
  NON_DIRECT_TAG_LIMIT,
  PANID_MAX,
  PANID_MIN,
  panidValid,
  permResource,
  SESSION_TYPES,
  SWITCH_MODULE_ADDRESS_MAX,
  SWITCH_MODULE_IO,
  TERMINAL_TYPES,
  tagLimit,
} from './rules';

describe('lighting rules (web copy of the contracts)', () => {
  it('agrees with packages/contracts', () => {
    expect([CHANNEL_MIN, CHANNEL_MAX, PANID_MIN, PANID_MAX]).toEqual([
      contracts.CHANNEL_MIN,
      contracts.CHANNEL_MAX,
      contracts.PANID_MIN,
      contracts.PANID_MAX,
    ]);
    expect([
      NON_DIRECT_TAG_LIMIT,
      DEFAULT_LAMP_HEAD_LIMIT,
      METER_ADDRESS_MAX,
      SWITCH_MODULE_ADDRESS_MAX,
      SWITCH_MODULE_IO,
    ]).toEqual([
      contracts.NON_DIRECT_TAG_LIMIT,
      contracts.DEFAULT_LAMP_HEAD_LIMIT,
      contracts.METER_ADDRESS_MAX,
      contracts.SWITCH_MODULE_ADDRESS_MAX,
      contracts.SWITCH_MODULE_IO,
    ]);
    expect(ALLOWED_PARENTS).toEqual(contracts.ALLOWED_PARENTS);
    expect([...IMPORT_TYPES]).toEqual([...contracts.IMPORT_TYPES]);
    expect([...TERMINAL_TYPES]).toEqual([...contracts.TERMINAL_TYPES]);
    expect([...SESSION_TYPES]).toEqual([...contracts.SESSION_TYPES]);
    expect(ACTION_PERMISSION).toEqual(contracts.ACTION_PERMISSION);
  });

  it('checks channel 11–27 and PANID 1–65534, empty allowed', () => {
    expect([10, 11, 27, 28, 15.5, '', null].map(channelValid)).toEqual([false, true, true, false, false, true, true]);
    expect([0, 1, 65534, 65535, '4660'].map(panidValid)).toEqual([false, true, true, false, true]);
  });

  it('gives non-direct terminals two tags and everything else no limit', () => {
    expect(tagLimit('RTU', 'NON_DIRECT')).toBe(2);
    expect(tagLimit('LUXOMETER', null)).toBe(2);
    expect(tagLimit('RTU', 'DIRECT')).toBe(Number.POSITIVE_INFINITY);
    expect(tagLimit('BOX', null)).toBe(Number.POSITIVE_INFINITY);
  });

  it('knows which devices hold their own MQTT session and which are mesh capable', () => {
    expect(holdsSession('CCU', null)).toBe(true);
    expect(holdsSession('RTU', 'NON_DIRECT')).toBe(false);
    expect(holdsSession('RTU', 'DIRECT')).toBe(true);
    expect(meshCapable('RTU', null)).toBe(true);
    expect(meshCapable('RTU', 6)).toBe(true);
    expect(meshCapable('RTU', 1)).toBe(false);
    expect(meshCapable('BOX', 6)).toBe(false);
  });

  it('maps device types to the page whose permissions govern them', () => {
    expect(['BOX', 'CCU_IN_BOX', 'METER', 'SWITCH_MODULE', 'BREAKER'].map((t) => permResource(t as never))).toEqual(
      Array(5).fill('box'),
    );
    expect(permResource('LOOP')).toBe('branch');
    expect(permResource('RTU')).toBe('device');
  });

  it('offers the actions the server accepts per type', () => {
    expect(actionsFor('RTU')).toEqual([
      'LIGHT_ON',
      'LIGHT_OFF',
      'LIGHT_DIMMING',
      'calling',
      'restart',
      'timing',
      'clockcalling',
    ]);
    expect(actionsFor('BREAKER')).toEqual(['BREAKER_ON', 'BREAKER_OFF']);
    expect(actionsFor('POLE')).toEqual([]);
    expect(actionsFor('BOX')).toContain('BREAKER_ON');
  });

  it('lists free meter and switch module addresses, keeping the edited one', () => {
    expect(freeAddresses('SWITCH_MODULE', [1, 2, 3, null])).toEqual([4, 5, 6, 7, 8]);
    expect(freeAddresses('SWITCH_MODULE', [1, 2, 3, 4, 5, 6, 7, 8])).toEqual([]);
    expect(freeAddresses('SWITCH_MODULE', [1, 2, 3, 4, 5, 6, 7, 8], 3)).toEqual([3]);
    expect(freeAddresses('METER', [])).toHaveLength(32);
  });
});
