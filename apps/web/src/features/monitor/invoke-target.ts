import type { ArgsSchema } from './job-api';

/** The server's reading of an invoke target: a handler name, then optionally one JSON object. */
const TARGET = /^([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)(?:\s+(\{[\s\S]*\}))?$/;

/** The server keeps at most this many characters of a target. */
export const INVOKE_TARGET_MAX = 500;

export interface SplitTarget {
  handler: string;
  /** the arguments as the user edits them (pretty JSON), '' when there are none */
  args: string;
}

/** Splits a stored target into handler and pretty-printed arguments; an unreadable target keeps its text. */
export function splitInvokeTarget(target: string | undefined | null): SplitTarget {
  const match = TARGET.exec((target ?? '').trim());
  if (!match) return { handler: '', args: '' };
  const raw = match[2];
  if (!raw) return { handler: match[1]!, args: '' };
  try {
    return { handler: match[1]!, args: prettyJson(JSON.parse(raw)) };
  } catch {
    return { handler: match[1]!, args: raw };
  }
}

export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** `handler {"a":1}`; empty or `{}` arguments leave the bare name. Arguments are assumed valid JSON. */
export function joinInvokeTarget(handler: string, args: string): string {
  const text = args.trim();
  if (!handler) return '';
  if (!text) return handler;
  let compact: string;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.keys(parsed).length === 0)
      return handler;
    compact = JSON.stringify(parsed);
  } catch {
    compact = text;
  }
  return `${handler} ${compact}`;
}

/** The example target of a handler as editable arguments: `log.clean {"days":90}` → pretty `{ "days": 90 }`. */
export function exampleArgs(example: string | undefined): string {
  return splitInvokeTarget(example).args;
}

export type ArgsIssue =
  | { kind: 'json' }
  | { kind: 'object' }
  | { kind: 'unknown'; path: string }
  | { kind: 'required'; path: string }
  | { kind: 'type'; path: string; expected: string }
  | { kind: 'enum'; path: string; allowed: string }
  | { kind: 'range'; path: string; min: string; max: string }
  | { kind: 'items'; path: string; min: string; max: string }
  | { kind: 'length'; path: string; min: string; max: string };

const typesOf = (schema: ArgsSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

const bound = (n: number | undefined) => (n === undefined ? '' : String(n));

function checkValue(value: unknown, schema: ArgsSchema, path: string, issues: ArgsIssue[]): void {
  const types = typesOf(schema);
  // zod coerces numbers for some handlers: a numeric string is accepted where a number is expected
  const coerced =
    typeof value === 'string' && value.trim() !== '' && types.some((t) => t === 'integer' || t === 'number')
      ? Number(value)
      : value;
  if (types.length && !types.some((type) => matchesType(coerced, type))) {
    issues.push({ kind: 'type', path, expected: types.join(' | ') });
    return;
  }
  if (schema.enum && !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(coerced))) {
    issues.push({ kind: 'enum', path, allowed: schema.enum.map((v) => String(v)).join(', ') });
    return;
  }
  if (typeof coerced === 'number') {
    const min = schema.minimum ?? schema.exclusiveMinimum;
    const max = schema.maximum ?? schema.exclusiveMaximum;
    const low =
      (schema.minimum !== undefined && coerced < schema.minimum) ||
      (schema.exclusiveMinimum !== undefined && coerced <= schema.exclusiveMinimum);
    const high =
      (schema.maximum !== undefined && coerced > schema.maximum) ||
      (schema.exclusiveMaximum !== undefined && coerced >= schema.exclusiveMaximum);
    if (low || high) issues.push({ kind: 'range', path, min: bound(min), max: bound(max) });
  }
  if (typeof coerced === 'string') {
    if (
      (schema.minLength !== undefined && coerced.length < schema.minLength) ||
      (schema.maxLength !== undefined && coerced.length > schema.maxLength)
    )
      issues.push({ kind: 'length', path, min: bound(schema.minLength), max: bound(schema.maxLength) });
  }
  if (Array.isArray(coerced)) {
    if (
      (schema.minItems !== undefined && coerced.length < schema.minItems) ||
      (schema.maxItems !== undefined && coerced.length > schema.maxItems)
    )
      issues.push({ kind: 'items', path, min: bound(schema.minItems), max: bound(schema.maxItems) });
    const items = schema.items;
    if (items) {
      for (const [i, item] of coerced.entries()) checkValue(item, items, `${path}[${i}]`, issues);
    }
  }
  if (matchesType(coerced, 'object') && (schema.properties || schema.additionalProperties === false)) {
    checkObject(coerced as Record<string, unknown>, schema, path, issues);
  }
}

function checkObject(value: Record<string, unknown>, schema: ArgsSchema, path: string, issues: ArgsIssue[]): void {
  const properties = schema.properties ?? {};
  const join = (key: string) => (path ? `${path}.${key}` : key);
  for (const key of schema.required ?? []) {
    if (!(key in value) && properties[key]?.default === undefined) issues.push({ kind: 'required', path: join(key) });
  }
  for (const [key, inner] of Object.entries(value)) {
    const property = properties[key];
    if (!property) {
      if (schema.additionalProperties === false) issues.push({ kind: 'unknown', path: join(key) });
      continue;
    }
    checkValue(inner, property, join(key), issues);
  }
}

/**
 * Checks the arguments against the handler's schema before the server does, so the form can
 * say what is wrong as the user types. The server checks again on save.
 */
export function checkArgs(text: string, schema: ArgsSchema | undefined): ArgsIssue[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return [{ kind: 'json' }];
  }
  if (!matchesType(value, 'object')) return [{ kind: 'object' }];
  const issues: ArgsIssue[] = [];
  if (schema) checkObject(value as Record<string, unknown>, schema, '', issues);
  return issues;
}

export interface ArgDoc {
  name: string;
  type: string;
  required: boolean;
  defaultValue?: string;
  allowed?: string;
  min?: string;
  max?: string;
}

/** One line per argument of a handler, for the help table beside the editor. */
export function describeArgs(schema: ArgsSchema | undefined): ArgDoc[] {
  if (!schema?.properties) return [];
  return Object.entries(schema.properties).map(([name, property]) => {
    const type = typesOf(property).join(' | ');
    const itemTypes = property.items ? typesOf(property.items).join(' | ') : '';
    const allowed = property.enum ?? property.items?.enum;
    const isArray = typesOf(property).includes('array');
    return {
      name,
      type: isArray && itemTypes ? `${itemTypes}[]` : type || 'any',
      required: (schema.required ?? []).includes(name) && property.default === undefined,
      defaultValue: property.default === undefined ? undefined : JSON.stringify(property.default),
      allowed: allowed ? allowed.map((v) => String(v)).join(', ') : undefined,
      min: bound(isArray ? property.minItems : (property.minimum ?? property.minLength)) || undefined,
      max: bound(isArray ? property.maxItems : (property.maximum ?? property.maxLength)) || undefined,
    };
  });
}
