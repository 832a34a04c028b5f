import { COMMAND_FAILURE_REASONS } from '@luxgrid/contracts/enums';
import { orderedKeys } from './format';

export type FailureReasonCode = (typeof COMMAND_FAILURE_REASONS)[number];

export interface FailureReason {
  /** a code of the dictionary lighting_command_failure */
  reason: FailureReasonCode;
  /** the device's own words (shown on demand), '' when it gave none */
  detail: string;
}

/** Wordings devices in the field use for the known reasons, for devices that send no code. */
const PHRASES: readonly [RegExp, FailureReasonCode][] = [
  [/no (answer|response|reply)|did not (answer|respond)|not respond/i, 'NO_RESPONSE'],
  [/offline|unreachable|not (reachable|connected)/i, 'OFFLINE'],
  [/\bbusy\b/i, 'BUSY'],
  [/not supported|unsupported/i, 'UNSUPPORTED'],
  [/invalid|out of range/i, 'INVALID_PARAM'],
  [/relay/i, 'RELAY_FAULT'],
  [/driver/i, 'DRIVER_FAULT'],
  [/manual/i, 'MANUAL_OVERRIDE'],
  [/refused|rejected|not (allowed|permitted)/i, 'REFUSED'],
  [/expired/i, 'EXPIRED'],
];

const isReason = (code: string): code is FailureReasonCode =>
  (COMMAND_FAILURE_REASONS as readonly string[]).includes(code);

/**
 * Why a device says a command failed (docs/device-protocol.md): `CODE` or `CODE: the device's
 * words`; a device that sends only words gets the reason its words name, else OTHER.
 */
export function failureReason(error: string): FailureReason {
  const text = error.trim();
  const coded = /^([A-Z][A-Z0-9_]*)\s*(?::\s*([\s\S]*))?$/.exec(text);
  if (coded && isReason(coded[1]!)) return { reason: coded[1], detail: (coded[2] ?? '').trim() };
  const phrase = PHRASES.find(([pattern]) => pattern.test(text));
  return { reason: phrase ? phrase[1] : 'OTHER', detail: text };
}

export interface ReadableEntry {
  key: string;
  value: unknown;
}

/** The entries of a device's answer or event data in reading order; nested objects are opened one level. */
export function readableEntries(data: Record<string, unknown> | null | undefined): ReadableEntry[] {
  if (!data) return [];
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value as Record<string, unknown>)) flat[inner] = innerValue;
    } else {
      flat[key] = value;
    }
  }
  return orderedKeys(flat).map((key) => ({ key, value: flat[key] }));
}

/** "Lamp state On · Dim level 60 %": each entry by its label and formatted value. */
export function readableSummary(
  data: Record<string, unknown> | null | undefined,
  label: (key: string) => string,
  format: (key: string, value: unknown) => string,
): string {
  return readableEntries(data)
    .map(({ key, value }) => {
      const text = Array.isArray(value) ? value.map(String).join(', ') : format(key, value);
      return `${label(key)} ${text}`;
    })
    .join(' · ');
}
