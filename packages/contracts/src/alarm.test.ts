import { describe, expect, it } from 'vitest';
import { ALARM_KINDS, ALARM_RULES, alarmSettingBody, defaultSetting, OFFLINE_ALARMS } from './alarm.ts';
import { ALARM_CONFIG_TYPES } from './enums.ts';
import { deviceTypeDefinition } from './things/index.ts';
import { LIGHTING } from './things/lighting.ts';

describe('alarm rules', () => {
  it('cover the 33 types of the spec, each with defaults its own settings schema accepts', () => {
    const lighting = ALARM_KINDS.filter((k) => ALARM_RULES[k].family === 'lighting');
    expect(lighting.sort()).toEqual([...ALARM_CONFIG_TYPES].sort());
    // the other kinds are other families' graded events, never one of the 33
    const others = ALARM_KINDS.filter((k) => ALARM_RULES[k].family !== 'lighting');
    for (const kind of others) expect(ALARM_CONFIG_TYPES as readonly string[]).not.toContain(kind);
    for (const type of ALARM_KINDS) {
      const parsed = alarmSettingBody.safeParse({ projectId: 1, ...defaultSetting(type) });
      expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      const r = ALARM_RULES[type];
      if (r.threshold) expect(r.threshold.value).toBeGreaterThanOrEqual(r.threshold.min);
      if (r.threshold) expect(r.threshold.value).toBeLessThanOrEqual(r.threshold.max);
      // a reading rule needs its threshold and hold; every type has a source
      if (r.reading) expect(r.threshold && r.holdSeconds !== undefined).toBeTruthy();
      expect(r.event || r.offline || r.reading, type).toBeTruthy();
    }
  });

  it('raise only on device types that report the event or the readings they name', () => {
    const types = new Map(LIGHTING.types.map((t) => [t.code, t]));
    for (const type of ALARM_CONFIG_TYPES) {
      const r = ALARM_RULES[type];
      for (const code of r.deviceTypes) {
        const def = types.get(code);
        expect(def, `${type} on ${code}`).toBeDefined();
        if (r.event)
          expect(
            def!.events.map((e) => e.type),
            `${type} on ${code}`,
          ).toContain(type);
        for (const field of r.reading?.fields ?? [])
          expect(
            def!.telemetry.map((f) => f.key),
            `${type} reads ${field} of ${code}`,
          ).toContain(field);
      }
    }
    // another family's kind: an event its device types declare, with the event that recovers it
    for (const kind of ALARM_KINDS.filter((k) => ALARM_RULES[k].family !== 'lighting')) {
      const r = ALARM_RULES[kind];
      for (const code of r.deviceTypes) {
        const events = deviceTypeDefinition(code)!.events.map((e) => e.type);
        expect(events, `${kind} on ${code}`).toContain(kind);
        expect(events, `${kind} recovered on ${code}`).toContain(r.recoveredBy);
      }
    }
    expect(OFFLINE_ALARMS).toEqual({
      BOX: 'BoxOffline',
      CCU: 'CcuOffline',
      CCU_IN_BOX: 'CcuInBoxOffline',
      RTU: 'RtuOffline',
    });
  });

  it('refuses a threshold out of range, one a type does not have, and a missing hold', () => {
    const base = { projectId: 1, ...defaultSetting('BranchOverVoltage') };
    const issue = (body: object) => alarmSettingBody.safeParse(body).error?.issues[0]?.message ?? null;
    expect(issue({ ...base, threshold: 600 })).toMatch(/^alarm\.threshold\.range/);
    expect(issue({ ...base, holdSeconds: null })).toMatch(/^alarm\.threshold\.required/);
    expect(issue({ ...defaultSetting('RtuRelayFault'), projectId: 1, threshold: 3 })).toMatch(
      /^alarm\.threshold\.none/,
    );
    expect(issue({ ...defaultSetting('LampFault'), projectId: 1, threshold: 1.5 })).toMatch(
      /^alarm\.threshold\.integer/,
    );
  });
});
