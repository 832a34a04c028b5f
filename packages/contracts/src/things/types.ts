/**
 * The thing model: one declarative definition per device family (lighting, manhole covers,
 * cameras, screens …). The registry, the device hub's validation, the device list, drawer,
 * live cells and charts, the import templates, the seed and the simulator all read it, so a
 * new family is described once here and needs only what is truly its own written by hand.
 */
import type { ALARM_GRADES } from '../enums.ts';

/** A label in both languages of the interface. */
export interface Label {
  zh: string;
  en: string;
}

export type AlarmGrade = (typeof ALARM_GRADES)[number];

/** A value a device reports (telemetry), with what the platform accepts of it. */
export interface TelemetryField {
  key: string;
  /** number: finite, within min…max; boolean: true/false (0/1 accepted); enum: one of values; text: ≤ 40 characters */
  kind: 'number' | 'boolean' | 'enum' | 'text';
  label: Label;
  unit?: string;
  /** inclusive bounds of a number; a value outside is counted as out of range and not stored */
  min?: number;
  max?: number;
  /** digits shown after the decimal point */
  precision?: number;
  /** the accepted values of an enum field */
  values?: readonly string[];
  /** the dictionary whose labels show an enum field's values */
  dict?: string;
  /** shown as a live cell in the family's device list */
  live?: boolean;
  /** drawn in the device's history chart */
  chart?: boolean;
  /** an enum field drawn as a step chart: each value's height (e.g. ON 1, OFF 0) */
  steps?: Readonly<Record<string, number>>;
}

/** An event a device reports; alarm-worthy events carry a grade. */
export interface ThingEvent {
  type: string;
  label: Label;
  /** the alarm grade it raises; none = informational only */
  grade?: AlarmGrade;
  /** the event type that recovers it (e.g. COVER_CLOSED recovers COVER_OPENED) */
  recoveredBy?: string;
  /** while unrecovered the device is faulty */
  fault?: boolean;
  /** `platform`: raised by the platform itself (a device gone silent), never sent by the device */
  source?: 'device' | 'platform';
}

/** A parameter of a command. */
export interface CommandParam {
  key: string;
  kind: 'number' | 'boolean' | 'enum' | 'text';
  label: Label;
  unit?: string;
  min?: number;
  max?: number;
  values?: readonly string[];
  required?: boolean;
}

/** A command an operator sends to a device of the type. */
export interface ThingCommand {
  /** the command's own name, unique within the type when several issue the same protocol action (e.g. `config`); default: the action */
  key?: string;
  /** the action carried by the protocol's command message */
  action: string;
  label: Label;
  /** the button permission it demands */
  permission: string;
  /** numeric value carried in the message's `value` (e.g. a dimming level) */
  value?: { min: number; max: number; unit?: string };
  params?: readonly CommandParam[];
  /**
   * The device types under it that carry the command out (a concentrator passes lamp commands
   * to its lamp controllers); absent = the device carries it out itself.
   */
  passedTo?: readonly string[];
}

/** A column of the family's Excel import template for the type. */
export interface ImportColumn {
  key: string;
  label: Label;
  required?: boolean;
  /** a column the template explains with an example value */
  example?: string;
  /** the dictionary whose values the cell takes (a drop-down in the template) */
  dict?: string;
  /** column width in characters */
  width?: number;
}

/** One device type of a family. */
export interface DeviceTypeDefinition {
  code: string;
  label: Label;
  /**
   * How it reaches the platform: `own` holds its own session (a concentrator, a direct NB-IoT
   * sensor), `carried` is carried by its parent's session (a lamp head, a meter in a box),
   * `either` holds its own when connected directly and is carried otherwise (a lamp controller).
   * `none` never communicates (a pole is a site).
   */
  session: 'own' | 'carried' | 'either' | 'none';
  /** parent device types it accepts; [] = top level only */
  parents: readonly string[];
  /** counted among the devices of the home figures (everything that communicates) */
  counted: boolean;
  /** permission prefix of its buttons when not the family's (a box and its parts: lighting:box) */
  permissionPrefix?: string;
  telemetry: readonly TelemetryField[];
  events: readonly ThingEvent[];
  commands: readonly ThingCommand[];
  /** configuration keys it accepts (issued with the `config` action) */
  config?: readonly CommandParam[];
  /**
   * it holds schedules (the `schedule` action) and runs them on its own clock, when its model's
   * directive scheme is one of SCHEDULE_SCHEMES (or the model names none); the platform runs the
   * schedules of the other controllers
   */
  holdsSchedule?: boolean;
  importColumns?: readonly ImportColumn[];
}

/** A device family: the device types of one subsystem. */
export interface ThingFamily {
  /** short code, the subsystem's encode (lighting, manhole …) */
  code: string;
  /** the subsystem that holds its menus */
  subsystemId: number;
  label: Label;
  /** permission prefix of its buttons, e.g. manhole:device */
  permissionPrefix: string;
  types: readonly DeviceTypeDefinition[];
  /**
   * Every reading of the family once, in the order a person reads them (lists, drawer); the
   * types' telemetry picks from it. The types' fields in their order when absent.
   */
  readings?: readonly TelemetryField[];
  /** the order a site is imported in (parents before children); the order of `types` when absent */
  importOrder?: readonly string[];
}
