import { describe, expect, it } from 'vitest';
import { ALARM_CONFIG_TYPES, ALARM_GRADES, DEVICE_TYPE_CODES } from '../enums.ts';
import { pageExists } from '../pages.ts';
import { flattenMenus, SYSTEMS } from '../seed/systems.ts';
import {
  acceptValue,
  allDeviceTypeCodes,
  allReadings,
  checkTelemetry,
  deviceTypeDefinition,
  FAMILIES,
  familyOf,
  familyReadings,
  importOrder,
  LIGHTING,
} from './index.ts';
import type { Label, TelemetryField } from './types.ts';

/*
 * The conformance of every device family: what the registry, the device hub, the screens and the
 * seed rely on holds for each of them, so a new family only has to be added to FAMILIES.
 */

const CJK = /[\u3400-\u9fff]/;
/*
 * The contracts are typed for both the browser and Node, so Node's modules are reached through
 * the running process rather than imported (the tests run in Node).
 */
const node = (globalThis as unknown as { process: { getBuiltinModule(id: string): unknown } }).process;
const fs = node.getBuiltinModule('node:fs') as { readFileSync(path: string, encoding: 'utf8'): string };
const url = node.getBuiltinModule('node:url') as { fileURLToPath(url: string): string };
const here = (import.meta as unknown as { url: string }).url;
const notBuilt = new Set(
  fs
    .readFileSync(url.fileURLToPath(here.replace(/things\/things\.test\.ts$/, 'seed/menus-not-built.txt')), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/)[0]),
);
const allPerms = new Set(
  SYSTEMS.flatMap((system) => flattenMenus(system.menus))
    .map((menu) => menu.perms)
    .filter((perm): perm is string => Boolean(perm)),
);

function expectLabel(label: Label, where: string) {
  expect(label.zh.trim(), `${where}: zh label`).not.toBe('');
  expect(label.en.trim(), `${where}: en label`).not.toBe('');
  expect(CJK.test(label.en), `${where}: the en label is English`).toBe(false);
}

/** A value of the field's kind that lies just outside what it accepts, or none when every value of the kind is accepted. */
function beyond(field: TelemetryField): unknown[] {
  switch (field.kind) {
    case 'number':
      return [
        ...(field.min !== undefined ? [field.min - 1, field.min - 0.001] : []),
        ...(field.max !== undefined ? [field.max + 1, field.max + 0.001] : []),
        Number.NaN,
        Number.POSITIVE_INFINITY,
        String(field.min ?? 0),
        null,
        true,
      ];
    case 'boolean':
      return ['true', 2, null];
    case 'enum':
      return ['NOT-A-VALUE', 1, null];
    case 'text':
      return ['x'.repeat(41), 1, null];
  }
}

describe.each(FAMILIES.map((family) => [family.code, family] as const))('family %s', (_, family) => {
  const system = SYSTEMS.find((s) => s.id === family.subsystemId);

  it('has labels in both languages, and its subsystem exists', () => {
    expectLabel(family.label, family.code);
    expect(system, `subsystem ${family.subsystemId}`).toBeDefined();
    expect(family.types.length).toBeGreaterThan(0);
  });

  it('opens a screen from every page menu of its subsystem, or lists it as not built yet', () => {
    const pages = flattenMenus(system!.menus).filter(
      (menu) => menu.type === 'C' && menu.component && !menu.isFrame && !/^https?:\/\//i.test(menu.path ?? ''),
    );
    expect(pages.length).toBeGreaterThan(0);
    for (const menu of pages)
      expect(pageExists(menu.component ?? '') || notBuilt.has(menu.key), `${menu.key} → ${menu.component}`).toBe(true);
  });

  it('labels every type, reading, event, command and parameter in both languages', () => {
    for (const type of family.types) {
      expectLabel(type.label, type.code);
      for (const field of type.telemetry) expectLabel(field.label, `${type.code}.${field.key}`);
      for (const event of type.events) expectLabel(event.label, `${type.code} event ${event.type}`);
      for (const command of type.commands) {
        expectLabel(command.label, `${type.code} command ${command.action}`);
        for (const param of command.params ?? []) expectLabel(param.label, `${command.action}.${param.key}`);
      }
      for (const param of type.config ?? []) expectLabel(param.label, `${type.code} config ${param.key}`);
      for (const column of type.importColumns ?? []) expectLabel(column.label, `${type.code} column ${column.key}`);
    }
    for (const field of family.readings ?? []) expectLabel(field.label, `${family.code}.${field.key}`);
  });

  it('names no key twice within a type', () => {
    for (const type of family.types) {
      for (const list of [
        type.telemetry.map((f) => f.key),
        type.events.map((e) => e.type),
        type.commands.map((c) => c.key ?? c.action),
        (type.config ?? []).map((p) => p.key),
        (type.importColumns ?? []).map((c) => c.key),
      ])
        expect(new Set(list).size, `${type.code}: ${list.join(',')}`).toBe(list.length);
    }
  });

  it('accepts parents of its own types only; a carried type has one', () => {
    const codes = new Set(family.types.map((type) => type.code));
    for (const type of family.types) {
      for (const parent of type.parents) expect(codes.has(parent), `${type.code} under ${parent}`).toBe(true);
      expect(type.parents.includes(type.code), `${type.code} under itself`).toBe(false);
      // a carried type reaches the platform through an ancestor's session
      if (type.session === 'carried') expect(type.parents.length, `${type.code} is carried by`).toBeGreaterThan(0);
    }
  });

  it('counts only types that communicate', () => {
    for (const type of family.types) if (type.session === 'none') expect(type.counted, type.code).toBe(false);
  });

  it('declares sound readings: numbers with min ≤ max, enums with values, charted enums with a height per value', () => {
    const keys = new Set(familyReadings(family).map((field) => field.key));
    for (const type of family.types)
      for (const field of type.telemetry) {
        expect(keys.has(field.key), `${type.code}.${field.key} among the family's readings`).toBe(true);
        if (field.kind === 'number') {
          expect(field.min, `${type.code}.${field.key} min`).toBeTypeOf('number');
          expect(field.max, `${type.code}.${field.key} max`).toBeTypeOf('number');
          expect(field.min!).toBeLessThanOrEqual(field.max!);
        }
        if (field.kind === 'enum') expect(field.values?.length, `${type.code}.${field.key} values`).toBeGreaterThan(0);
        if (field.kind === 'enum' && field.chart)
          expect(Object.keys(field.steps ?? {}).sort(), `${type.code}.${field.key} steps`).toEqual(
            [...field.values!].sort(),
          );
        if (field.kind === 'text') expect(field.chart, `${type.code}.${field.key} is not charted`).toBeFalsy();
      }
  });

  it('checkTelemetry accepts each reading at its bounds and rejects it beyond them', () => {
    for (const type of family.types)
      for (const field of type.telemetry) {
        const good: unknown[] =
          field.kind === 'number'
            ? [field.min, field.max, (field.min! + field.max!) / 2]
            : field.kind === 'boolean'
              ? [true, false]
              : field.kind === 'enum'
                ? [...(field.values ?? [])]
                : ['', 'x'.repeat(40)];
        for (const value of good) {
          const check = checkTelemetry(type.code, { [field.key]: value });
          expect(check.outOfRange, `${type.code}.${field.key} = ${String(value)}`).toEqual([]);
          expect(check.accepted[field.key], `${type.code}.${field.key} = ${String(value)}`).toBe(value);
        }
        for (const value of beyond(field)) {
          const check = checkTelemetry(type.code, { [field.key]: value });
          expect(check.accepted, `${type.code}.${field.key} = ${String(value)}`).toEqual({});
          expect(check.outOfRange, `${type.code}.${field.key} = ${String(value)}`).toEqual([field.key]);
        }
      }
  });

  it('checkTelemetry refuses keys the type does not report', () => {
    for (const type of family.types) {
      const check = checkTelemetry(type.code, { notAReading: 1, [`${type.code}.x`]: 'a' });
      expect(check).toEqual({ accepted: {}, unknown: ['notAReading', `${type.code}.x`], outOfRange: [] });
    }
  });

  it('grades its events, and recovers them with an event it knows', () => {
    for (const type of family.types)
      for (const event of type.events) {
        if (event.grade) expect(ALARM_GRADES).toContain(event.grade);
        if (event.fault) expect(event.grade, `${type.code} ${event.type}: a fault has a grade`).toBeDefined();
        if (event.recoveredBy)
          expect(
            event.recoveredBy === 'ONLINE' || type.events.some((other) => other.type === event.recoveredBy),
            `${type.code} ${event.type} recovered by ${event.recoveredBy}`,
          ).toBe(true);
      }
  });

  it('demands a seeded button permission for every command, with sound values and parameters', () => {
    const codes = new Set(family.types.map((type) => type.code));
    for (const type of family.types)
      for (const command of type.commands) {
        expect(allPerms.has(command.permission), `${type.code} ${command.action}: ${command.permission}`).toBe(true);
        if (command.value) expect(command.value.min).toBeLessThanOrEqual(command.value.max);
        for (const param of [...(command.params ?? []), ...(type.config ?? [])]) {
          if (param.kind === 'number' && param.min !== undefined && param.max !== undefined)
            expect(param.min).toBeLessThanOrEqual(param.max);
          if (param.kind === 'enum') expect(param.values?.length).toBeGreaterThan(0);
        }
        for (const target of command.passedTo ?? []) {
          expect(codes.has(target), `${type.code} ${command.action} passed to ${target}`).toBe(true);
          // whoever a command is passed to carries it out itself
          expect(deviceTypeDefinition(target)?.commands.some((c) => c.action === command.action && !c.passedTo)).toBe(
            true,
          );
        }
      }
  });

  it('demands one button permission suffix per action, whichever page governs the type', () => {
    const suffixes = new Map<string, Set<string>>();
    for (const type of family.types)
      for (const command of type.commands) {
        const set = suffixes.get(command.action) ?? new Set<string>();
        set.add(command.permission.slice(command.permission.lastIndexOf(':') + 1));
        suffixes.set(command.action, set);
      }
    for (const [action, set] of suffixes) expect([...set], action).toHaveLength(1);
  });

  it('imports every type it has columns for, each with an identity column', () => {
    const order = importOrder(family);
    expect([...order].sort()).toEqual(family.types.map((type) => type.code).sort());
    for (const type of family.types) {
      const columns = type.importColumns ?? [];
      if (columns.length) expect(columns.some((c) => c.key === 'uid' && c.required)).toBe(true);
      // a parent must be imported before its children
      for (const parent of type.parents)
        expect(order.indexOf(parent), `${parent} before ${type.code}`).toBeLessThan(order.indexOf(type.code));
    }
  });
});

describe('families together', () => {
  it('never share a type code, and find each type again', () => {
    const codes = allDeviceTypeCodes();
    expect(new Set(codes).size).toBe(codes.length);
    for (const family of FAMILIES)
      for (const type of family.types) {
        expect(familyOf(type.code)).toBe(family);
        expect(deviceTypeDefinition(type.code)).toBe(type);
      }
    expect(deviceTypeDefinition('NOPE')).toBeUndefined();
    expect(familyOf('NOPE')).toBeUndefined();
    expect(checkTelemetry('NOPE', { voltage: 230 })).toEqual({ accepted: {}, unknown: ['voltage'], outOfRange: [] });
  });

  it('never share a subsystem', () => {
    const ids = FAMILIES.map((family) => family.subsystemId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('give a shared reading key one unit and kind', () => {
    for (const field of allReadings())
      for (const family of FAMILIES)
        for (const type of family.types)
          for (const own of type.telemetry.filter((f) => f.key === field.key)) {
            expect(own.kind, `${type.code}.${own.key}`).toBe(field.kind);
            expect(own.unit, `${type.code}.${own.key}`).toBe(field.unit);
          }
  });
});

describe('lighting', () => {
  it('describes the twelve device types of the dictionary, in its order', () => {
    expect(LIGHTING.types.map((type) => type.code)).toEqual([...DEVICE_TYPE_CODES]);
  });

  it('gives every configurable alarm to some type', () => {
    const reported = new Set(LIGHTING.types.flatMap((type) => type.events.map((event) => event.type)));
    for (const type of ALARM_CONFIG_TYPES) expect(reported.has(type), type).toBe(true);
  });

  it('accepts what the devices and the simulator report', () => {
    expect(
      checkTelemetry('RTU', {
        voltage: 231.4,
        current: 0.42,
        power: 97.2,
        powerFactor: 0.95,
        energy: 12.345,
        dimLevel: 80,
        lampState: 'OFF',
        temperature: 38.5,
      }).outOfRange,
    ).toEqual([]);
    expect(checkTelemetry('LIGHT', { dimLevel: 80, lampState: 'ON' }).accepted).toEqual({
      dimLevel: 80,
      lampState: 'ON',
    });
    expect(
      checkTelemetry('BRANCH', { voltageA: 231, currentA: 12.5, powerA: 2890, breaker: 'CLOSE' }).accepted,
    ).toEqual({ voltageA: 231, currentA: 12.5, powerA: 2890, breaker: 'CLOSE' });
    expect(checkTelemetry('METER', { energy: 1234.567 }).accepted).toEqual({ energy: 1234.567 });
    expect(checkTelemetry('LUXOMETER', { lux: 25_000 }).accepted).toEqual({ lux: 25_000 });
    expect(checkTelemetry('BOX', { doorOpen: 1, temperature: -12 }).accepted).toEqual({
      doorOpen: true,
      temperature: -12,
    });
  });

  it('refuses a dim level above 100 % and a lamp state it does not know', () => {
    expect(checkTelemetry('RTU', { dimLevel: 101, lampState: 'BLINK', voltage: 230 })).toEqual({
      accepted: { voltage: 230 },
      unknown: [],
      outOfRange: ['dimLevel', 'lampState'],
    });
    expect(acceptValue(LIGHTING.types[3]!.telemetry[0]!, -0.1)).toBeUndefined();
  });
});
