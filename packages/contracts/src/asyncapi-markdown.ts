/**
 * The AsyncAPI document of the device protocol rendered as Markdown (docs/asyncapi.md): servers,
 * security, every channel with its operation, direction, QoS and retain, message and correlation
 * id, and each payload as a table of fields. Rendered from the very object served at
 * /asyncapi.json, so the two never say different things (a test fails when the file drifts).
 */
import { deviceProtocolAsyncApi } from './asyncapi.ts';

type Schema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  additionalProperties?: unknown;
};
type Ref = { $ref: string };
type Operation = {
  operationId: string;
  summary?: string;
  bindings: { mqtt: { qos: number; retain: boolean } };
  message: Ref | { oneOf: Ref[] };
};
type Message = {
  name: string;
  summary?: string;
  description?: string;
  contentType?: string;
  payload: Schema;
  correlationId?: Ref;
};
type Doc = {
  info: { title: string; version: string; description: string };
  servers: Record<
    string,
    {
      url: string;
      protocol: string;
      protocolVersion: string;
      description: string;
      security: Record<string, string[]>[];
    }
  >;
  channels: Record<string, { parameters: Record<string, Ref>; publish?: Operation; subscribe?: Operation }>;
  components: {
    messages: Record<string, Message>;
    schemas: Record<string, Schema>;
    parameters: Record<string, { description: string; schema: Schema }>;
    securitySchemes: Record<string, { type: string; description: string }>;
    correlationIds: Record<string, { description: string; location: string }>;
  };
};

const refName = (ref: Ref) => ref.$ref.split('/').pop() as string;
/** A table cell: no line breaks, no bare pipes. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

function typeOf(schema: Schema): string {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' or ');
  if (schema.enum && !schema.type)
    return schema.enum
      .map((v) => typeof v)
      .filter((t, i, all) => all.indexOf(t) === i)
      .join(' or ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  if (schema.type === 'object' && !schema.properties && schema.additionalProperties !== false)
    return 'object (free keys)';
  return Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
}

/** Range, length, count, enum or constant of a value. */
function valuesOf(schema: Schema): string {
  const out: string[] = [];
  if (schema.const !== undefined) out.push(`= ${code(schema.const)}`);
  if (schema.enum) out.push(schema.enum.map(code).join(' / '));
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    out.push(`${schema.minimum ?? '−∞'} … ${schema.maximum ?? '∞'}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    out.push(`${schema.minLength ?? 0} … ${schema.maxLength ?? '∞'} characters`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    out.push(`${schema.minItems ?? 0} … ${schema.maxItems ?? '∞'} items`);
  if (schema.pattern) out.push(`matches ${code(schema.pattern)}`);
  for (const variant of schema.anyOf ?? schema.oneOf ?? []) {
    const values = valuesOf(variant);
    if (values) out.push(values);
  }
  return out.join('; ');
}

/** One row per field, nested objects and arrays of objects as `a.b` and `a[].b`. */
function fieldRows(schema: Schema, prefix = ''): string[] {
  const rows: string[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    rows.push(
      `| ${code(path)} | ${cell(typeOf(field))} | ${cell(valuesOf(field))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(field.description ?? '')} |`,
    );
    if (field.properties) rows.push(...fieldRows(field, `${path}.`));
    if (field.type === 'array' && field.items?.properties) rows.push(...fieldRows(field.items, `${path}[].`));
  }
  return rows;
}

/** A payload schema as one table, or one table per accepted form. */
function schemaTables(schema: Schema): string {
  const head = '| field | type | unit / range / values | required | description |\n|---|---|---|---|---|';
  const forms = schema.anyOf ?? schema.oneOf;
  if (forms?.every((form) => form.properties))
    return forms
      .map((form, i) => `Form ${i + 1} of ${forms.length}:\n\n${head}\n${fieldRows(form).join('\n')}`)
      .join('\n\n');
  if (schema.properties) return `${head}\n${fieldRows(schema).join('\n')}`;
  return `A value: ${typeOf(schema)}${valuesOf(schema) ? ` — ${valuesOf(schema)}` : ''}.`;
}

function messageSection(key: string, message: Message, doc: Doc): string {
  const correlation = message.correlationId ? doc.components.correlationIds[refName(message.correlationId)] : undefined;
  return [
    `### Message \`${message.name}\``,
    '',
    message.summary ?? '',
    ...(message.description ? ['', message.description] : []),
    '',
    `- Content type: \`${message.contentType ?? 'application/json'}\``,
    `- Correlation id: ${correlation ? `\`${correlation.location}\` — ${correlation.description}` : 'none'}`,
    `- Component: \`#/components/messages/${key}\``,
    '',
    schemaTables(message.payload),
  ].join('\n');
}

/** The Markdown rendering of the device protocol's AsyncAPI document. */
export function asyncApiMarkdown(api: Record<string, unknown> = deviceProtocolAsyncApi()): string {
  const doc = api as unknown as Doc;
  const { info, servers, channels, components } = doc;
  const out: string[] = [
    `# ${info.title} ${info.version} — AsyncAPI`,
    '',
    '<!-- Generated from packages/contracts/src/asyncapi.ts by `npx tsx scripts/protocol-docs.ts`; do not edit. -->',
    '',
    `The readable form of [\`asyncapi.json\`](asyncapi.json) (served at \`GET /asyncapi.json\`); the prose is in [device-protocol.md](device-protocol.md).`,
    '',
    info.description,
    '',
    '## Servers',
    '',
    '| server | url | protocol | version | security | description |',
    '|---|---|---|---|---|---|',
    ...Object.entries(servers).map(
      ([name, s]) =>
        `| \`${name}\` | \`${s.url}\` | ${s.protocol} | ${s.protocolVersion} | ${s.security.flatMap(Object.keys).map(code).join(', ')} | ${cell(s.description)} |`,
    ),
    '',
    '## Security',
    '',
    ...Object.entries(components.securitySchemes).map(([name, s]) => `- \`${name}\` (${s.type}): ${s.description}`),
    '',
    '## Channel parameters',
    '',
    '| parameter | type | values | description |',
    '|---|---|---|---|',
    ...Object.entries(components.parameters).map(
      ([name, p]) => `| \`{${name}}\` | ${typeOf(p.schema)} | ${cell(valuesOf(p.schema))} | ${cell(p.description)} |`,
    ),
    '',
    '## Channels',
    '',
    '| channel | operation | direction | QoS | retain | message |',
    '|---|---|---|---|---|---|',
  ];
  const sections: string[] = [];
  for (const [topic, channel] of Object.entries(channels)) {
    const op = (channel.publish ?? channel.subscribe) as Operation;
    const direction = channel.publish ? 'device → platform' : 'platform → device';
    const refs = 'oneOf' in op.message ? op.message.oneOf : [op.message];
    const names = refs.map((ref) => components.messages[refName(ref)]!.name);
    out.push(
      `| \`${topic}\` | \`${op.operationId}\` | ${direction} | ${op.bindings.mqtt.qos} | ${op.bindings.mqtt.retain} | ${names.map(code).join(' or ')} |`,
    );
    sections.push(
      [
        `## \`${topic}\``,
        '',
        `Operation \`${op.operationId}\` (${channel.publish ? 'publish' : 'subscribe'}), ${direction}, QoS ${op.bindings.mqtt.qos}, retain ${op.bindings.mqtt.retain}. ${op.summary ?? ''}`.trim(),
        '',
        ...refs
          .map((ref) => messageSection(refName(ref), components.messages[refName(ref)]!, doc))
          .join('\n\n')
          .split('\n'),
      ].join('\n'),
    );
  }
  out.push('', ...sections.join('\n\n').split('\n'), '', '## Schemas of the device types', '');
  for (const [name, schema] of Object.entries(components.schemas))
    out.push(`### \`${name}\``, '', schema.description ?? '', '', schemaTables(schema), '');
  return `${out.join('\n').trimEnd()}\n`;
}
