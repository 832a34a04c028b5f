/**
 * The tables of docs/device-protocol.md that the thing model decides: every reading of every
 * device type with its unit and accepted range, and the event types each type may send.
 * `npx tsx scripts/protocol-docs.ts` writes them between their markers; a test fails when the
 * document drifts from the model.
 */
import { FAMILIES, type TelemetryField } from './things/index.ts';

const range = (field: TelemetryField): string => {
  switch (field.kind) {
    case 'number':
      return `${field.min ?? '−∞'} … ${field.max ?? '∞'}`;
    case 'boolean':
      return '`true` / `false` (or `1` / `0`)';
    case 'enum':
      return (field.values ?? []).map((v) => `\`${v}\``).join(' / ');
    case 'text':
      return 'text, ≤ 40 characters';
  }
};

/** Markdown: one row per device type and reading. */
export function readingsTable(): string {
  const rows = ['| device type | reading | meaning | unit | accepted values |', '|---|---|---|---|---|'];
  for (const family of FAMILIES)
    for (const type of family.types)
      for (const field of type.telemetry)
        rows.push(
          `| \`${type.code}\` | \`${field.key}\` | ${field.label.en} | ${field.unit ?? ''} | ${range(field)} |`,
        );
  return rows.join('\n');
}

/** Markdown: the event types each device type may send, with the alarm grade they raise. */
export function eventsTable(): string {
  const rows = ['| device type | event types it may send (grade) |', '|---|---|'];
  for (const family of FAMILIES)
    for (const type of family.types) {
      const events = type.events.filter((event) => event.source !== 'platform');
      if (!events.length) continue;
      rows.push(
        `| \`${type.code}\` | ${events.map((e) => `\`${e.type}\`${e.grade ? ` (${e.grade})` : ''}`).join(', ')} |`,
      );
    }
  return rows.join('\n');
}

/** The generated blocks of the document, by marker name. */
export const PROTOCOL_TABLES: Record<string, () => string> = { readings: readingsTable, events: eventsTable };

/** The document with every generated block rewritten between `<!-- name:begin -->` and `<!-- name:end -->`. */
export function withProtocolTables(doc: string): string {
  let out = doc;
  for (const [name, table] of Object.entries(PROTOCOL_TABLES)) {
    const begin = `<!-- ${name}:begin (generated from the thing model: npx tsx scripts/protocol-docs.ts) -->`;
    const end = `<!-- ${name}:end -->`;
    const from = out.indexOf(begin);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/device-protocol.md lacks the ${name} markers`);
    out = `${out.slice(0, from + begin.length)}\n${table()}\n${out.slice(to)}`;
  }
  return out;
}
