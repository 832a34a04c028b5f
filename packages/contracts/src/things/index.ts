/**
 * The device families the platform knows, and what every area asks of them: a type's
 * definition, its family, and whether a report's values are readings the type can give.
 * Pure data and pure functions, no validation library, so the web bundle may import it.
 */
import { LIGHTING } from './lighting.ts';
import { MANHOLE_FAMILY } from './manhole.ts';
import type { CommandParam, DeviceTypeDefinition, Label, TelemetryField, ThingCommand, ThingFamily } from './types.ts';

export type * from './types.ts';
export { LIGHTING, MANHOLE_FAMILY };

/** Every device family, lighting first. */
export const FAMILIES: readonly ThingFamily[] = [LIGHTING, MANHOLE_FAMILY];

const familyByType = new Map<string, ThingFamily>();
const typeByCode = new Map<string, DeviceTypeDefinition>();
/** Per type, its fields by key: checkTelemetry runs for every report a device sends. */
const fieldsByType = new Map<string, Map<string, TelemetryField>>();
for (const family of FAMILIES)
  for (const type of family.types) {
    familyByType.set(type.code, family);
    typeByCode.set(type.code, type);
    fieldsByType.set(type.code, new Map(type.telemetry.map((field) => [field.key, field])));
  }

/** The definition of a device type, or undefined for a code no family knows. */
export function deviceTypeDefinition(code: string): DeviceTypeDefinition | undefined {
  return typeByCode.get(code);
}

/** The family a device type belongs to. */
export function familyOf(deviceType: string): ThingFamily | undefined {
  return familyByType.get(deviceType);
}

/** Every device type code of every family, family by family. */
export function allDeviceTypeCodes(): string[] {
  return FAMILIES.flatMap((family) => family.types.map((type) => type.code));
}

/** The codes of a family's types that satisfy a test, in the family's order. */
export function typeCodes(family: ThingFamily, test: (type: DeviceTypeDefinition) => boolean): string[] {
  return family.types.filter(test).map((type) => type.code);
}

/** The order a family's types are imported in. */
export function importOrder(family: ThingFamily): readonly string[] {
  return family.importOrder ?? family.types.map((type) => type.code);
}

/** Every reading of a family once, in reading order. */
export function familyReadings(family: ThingFamily): readonly TelemetryField[] {
  if (family.readings) return family.readings;
  const seen = new Map<string, TelemetryField>();
  for (const type of family.types)
    for (const field of type.telemetry) if (!seen.has(field.key)) seen.set(field.key, field);
  return [...seen.values()];
}

/** Every reading of every family once (the first family's definition wins a shared key). */
export function allReadings(): readonly TelemetryField[] {
  const seen = new Map<string, TelemetryField>();
  for (const family of FAMILIES)
    for (const field of familyReadings(family)) if (!seen.has(field.key)) seen.set(field.key, field);
  return [...seen.values()];
}

/** A command of a type by its key (its action when it has no key of its own). */
export function commandOf(deviceType: string, key: string): ThingCommand | undefined {
  return typeByCode.get(deviceType)?.commands.find((command) => (command.key ?? command.action) === key);
}

/** The label of an event type as the first family declaring it names it (an alarm kind's label). */
export function eventLabel(eventType: string): Label | undefined {
  for (const family of FAMILIES)
    for (const type of family.types) {
      const event = type.events.find((e) => e.type === eventType);
      if (event) return event.label;
    }
  return undefined;
}

/** Event types that recover alarms, each with the alarm events it recovers (COVER_CLOSED → COVER_OPENED). */
export function recoveringEvents(): ReadonlyMap<string, readonly string[]> {
  const out = new Map<string, string[]>();
  for (const family of FAMILIES)
    for (const type of family.types)
      for (const event of type.events)
        if (event.recoveredBy) {
          const recovered = out.get(event.recoveredBy) ?? [];
          if (!recovered.includes(event.type)) recovered.push(event.type);
          out.set(event.recoveredBy, recovered);
        }
  return out;
}

/**
 * Whether a device of the type may report an event of this type: one its type declares in the
 * thing model, not one the platform raises itself (a device gone silent).
 */
export function acceptsEvent(deviceType: string, eventType: string): boolean {
  return (
    typeByCode.get(deviceType)?.events.some((event) => event.type === eventType && event.source !== 'platform') ?? false
  );
}

/** The permission prefix of a type's buttons (its own, or its family's). */
export function permissionPrefixOf(deviceType: string): string | undefined {
  return typeByCode.get(deviceType)?.permissionPrefix ?? familyByType.get(deviceType)?.permissionPrefix;
}

export type TelemetryValue = number | boolean | string;

export interface TelemetryCheck {
  /** the readings the type can give, with values it can give them */
  accepted: Record<string, TelemetryValue>;
  /** keys the type does not report */
  unknown: string[];
  /** known keys whose value is of the wrong kind or outside the field's range */
  outOfRange: string[];
}

/** Text readings are short labels, as the protocol carries them. */
export const TEXT_READING_MAX = 40;

/** The value a field accepts, or undefined when the value is ill-typed or out of range. */
export function acceptValue(field: TelemetryField, value: unknown): TelemetryValue | undefined {
  switch (field.kind) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
      if (field.min !== undefined && value < field.min) return undefined;
      if (field.max !== undefined && value > field.max) return undefined;
      return value;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      // devices that speak in bits send 0 and 1
      if (value === 0 || value === 1) return value === 1;
      return undefined;
    case 'enum':
      return typeof value === 'string' && (field.values ?? []).includes(value) ? value : undefined;
    case 'text':
      return typeof value === 'string' && value.length <= TEXT_READING_MAX ? value : undefined;
  }
}

/**
 * Sorts a report's values into the readings the type can give and the rest, which the device
 * hub counts instead of storing: keys the type does not report (an unknown device type knows
 * none) and values of the wrong kind or out of range.
 */
export function checkTelemetry(deviceType: string, values: Readonly<Record<string, unknown>>): TelemetryCheck {
  const fields = fieldsByType.get(deviceType);
  const out: TelemetryCheck = { accepted: {}, unknown: [], outOfRange: [] };
  for (const [key, value] of Object.entries(values)) {
    const field = fields?.get(key);
    if (!field) {
      out.unknown.push(key);
      continue;
    }
    const accepted = acceptValue(field, value);
    if (accepted === undefined) out.outOfRange.push(key);
    else out.accepted[key] = accepted;
  }
  return out;
}

export interface ResultCheck {
  /** what is kept of a result's data */
  kept: Record<string, unknown>;
  unknown: string[];
  outOfRange: string[];
}

/** `clock` in a clock command's result: the device's clock, epoch milliseconds. */
/** The version a controller holds after a `schedule` download (protocol-schedule.ts). */
const SCHEDULE_VERSION_FIELD: TelemetryField = {
  key: 'version',
  kind: 'text',
  label: { zh: '策略版本', en: 'Schedule version' },
};
const CLOCK_FIELD: TelemetryField = {
  key: 'clock',
  kind: 'number',
  label: { zh: '设备时钟', en: 'Device clock' },
  unit: 'ms',
  min: 1_000_000_000_000,
  max: 9_999_999_999_999,
};

/**
 * The data a device's result may carry, by action, checked against the thing model: a read-back
 * (`calling`) and the lamp and breaker actions report readings of the device's type (a read-back
 * may add its `config` object); `timing` and `clockcalling` report `clock` (epoch ms); `config`
 * reports the configuration keys of the type. What is not declared, or out of range, is left out.
 */
export function checkResultData(
  deviceType: string,
  action: string,
  data: Readonly<Record<string, unknown>>,
): ResultCheck {
  const out: ResultCheck = { kept: {}, unknown: [], outOfRange: [] };
  const type = typeByCode.get(deviceType);
  let fields: Map<string, TelemetryField | CommandParam>;
  if (action === 'timing' || action === 'clockcalling') fields = new Map([['clock', CLOCK_FIELD]]);
  else if (action === 'schedule') fields = new Map([['version', SCHEDULE_VERSION_FIELD]]);
  else if (action === 'config') fields = new Map((type?.config ?? []).map((param) => [param.key, param]));
  else fields = fieldsByType.get(deviceType) ?? new Map();
  for (const [key, value] of Object.entries(data)) {
    if (action === 'calling' && key === 'config' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.kept.config = value;
      continue;
    }
    const field = fields.get(key);
    if (!field) {
      out.unknown.push(key);
      continue;
    }
    const accepted = acceptValue(field as TelemetryField, value);
    if (accepted === undefined) out.outOfRange.push(key);
    else out.kept[key] = accepted;
  }
  return out;
}
