import type { Lang } from '@luxgrid/contracts';
import { MANHOLE_COVER, MANHOLE_COVER_TYPE } from '@luxgrid/contracts/things/manhole';
import type { CommandParam, Label, ThingEvent } from '@luxgrid/contracts/things/types';
import { fail } from '../../platform/errors.ts';

/* What the cover's thing model tells the server: its alarms, their recovery, its commands' parameters. */

export { MANHOLE_COVER_TYPE };

export const labelOf = (label: Label, lang: Lang) => (lang === 'en-US' ? label.en : label.zh);

const events: readonly ThingEvent[] = MANHOLE_COVER.events;

/** The events that raise an alarm (they carry a grade), each with the event that recovers it. */
export const ALARM_EVENTS = events.filter(
  (e): e is ThingEvent & { grade: NonNullable<ThingEvent['grade']>; recoveredBy: string } =>
    !!e.grade && !!e.recoveredBy,
);
export const ALARM_TYPES = ALARM_EVENTS.map((e) => e.type);

export const eventLabel = (type: string, lang: Lang) => {
  const event = events.find((e) => e.type === type);
  return event ? labelOf(event.label, lang) : type;
};

/** Telemetry fields a history chart may draw. */
export const CHART_FIELDS = MANHOLE_COVER.telemetry.filter((f) => 'chart' in f && f.chart).map((f) => f.key);

export type CoverCommandKey = (typeof MANHOLE_COVER.commands)[number]['key'];
export const COMMAND_KEYS = MANHOLE_COVER.commands.map((c) => c.key) as [CoverCommandKey, ...CoverCommandKey[]];
export const commandOf = (key: CoverCommandKey) => MANHOLE_COVER.commands.find((c) => c.key === key)!;

/** The parameters of a command as the model declares them: required ones present, numbers in range. */
export function checkParams(
  params: readonly CommandParam[],
  given: Record<string, unknown>,
  lang: Lang,
): Record<string, number | string | boolean> {
  const out: Record<string, number | string | boolean> = {};
  for (const p of params) {
    const value = given[p.key];
    const name = labelOf(p.label, lang);
    if (value === undefined || value === null || value === '') {
      if (p.required) throw fail('manhole.param.required', { param: name });
      continue;
    }
    if (p.kind === 'number') {
      const n = Number(value);
      if (!Number.isFinite(n) || (p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max))
        throw fail('manhole.param.range', { param: name, min: p.min, max: p.max });
      out[p.key] = n;
    } else if (p.kind === 'boolean') out[p.key] = value === true || value === 'true';
    else out[p.key] = String(value).slice(0, 40);
  }
  return out;
}
