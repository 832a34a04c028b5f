import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { UP_KINDS } from '@luxgrid/contracts';
import { asyncApiText, deviceProtocolAsyncApi } from '@luxgrid/contracts/asyncapi';
import { asyncApiMarkdown } from '@luxgrid/contracts/asyncapi-markdown';
import { withProtocolTables } from '@luxgrid/contracts/protocol-tables';
import { describe, expect, it } from 'vitest';

const docs = join(import.meta.dirname, '../../../docs');

describe('the device protocol documents follow the contracts', () => {
  it('docs/asyncapi.json is the generated AsyncAPI document (npx tsx scripts/protocol-docs.ts)', () => {
    expect(readFileSync(join(docs, 'asyncapi.json'), 'utf8')).toBe(asyncApiText());
  });

  it('docs/asyncapi.md is the rendering of the same document, linked from docs/device-protocol.md', () => {
    const md = readFileSync(join(docs, 'asyncapi.md'), 'utf8');
    expect(md).toBe(asyncApiMarkdown());
    expect(readFileSync(join(docs, 'device-protocol.md'), 'utf8')).toContain('](asyncapi.md)');
    expect(md).toContain(
      '| `luxgrid/v1/{projectId}/{uid}/down/command` | `receiveCommand` | platform → device | 1 | false | `command` or `schedule` or `cancel` |',
    );
    expect(md).toContain('- Correlation id: `$message.payload#/commands/0/id`');
    expect(md).toContain('| `commands[].uid` | string | 1 … 64 characters | yes |');
    expect(md).toContain('| `dimLevel` | number | 0 … 100 | no | Dim level (%) |');
    expect(md).toContain('| `embedded-tls` | `localhost:8883` | secure-mqtt | 3.1.1 | `device` |');
  });

  it('the official AsyncAPI parser reads the document without errors', async () => {
    const { document, diagnostics } = await new Parser().parse(asyncApiText());
    const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
    expect(errors.map((d) => `${d.code} ${d.message} at ${d.path.join('/')}`)).toEqual([]);
    expect(document?.channels().all()).toHaveLength(UP_KINDS.length + 1);
    expect(
      document
        ?.messages()
        .all()
        .map((m) => m.id())
        .sort(),
    ).toEqual(['ack', 'cancel', 'command', 'event', 'heartbeat', 'hello', 'result', 'schedule', 'telemetry']);
  });

  it('docs/device-protocol.md carries the readings and events tables of the thing model', () => {
    const doc = readFileSync(join(docs, 'device-protocol.md'), 'utf8');
    expect(withProtocolTables(doc)).toBe(doc);
    expect(doc).toContain('| `RTU` | `dimLevel` | Dim level | % | 0 … 100 |');
    expect(doc).toContain('](asyncapi.json)');
  });

  it('names every topic with its operation, QoS 1 and no retain, and correlates commands with answers', () => {
    const api = deviceProtocolAsyncApi() as {
      channels: Record<string, { publish?: Op; subscribe?: Op }>;
      components: { messages: Record<string, { correlationId?: { $ref: string } }>; schemas: Record<string, unknown> };
    };
    type Op = { operationId: string; bindings: { mqtt: { qos: number; retain: boolean } } };
    const ops = Object.values(api.channels).map((c) => (c.publish ?? c.subscribe)!);
    expect(ops.map((o) => o.operationId).sort()).toEqual(
      [
        'acknowledgeCommand',
        'receiveCommand',
        'reportCommandResult',
        'sendEvent',
        'sendHeartbeat',
        'sendHello',
        'sendTelemetry',
      ].sort(),
    );
    for (const op of ops) expect(op.bindings.mqtt).toEqual({ qos: 1, retain: false, bindingVersion: '0.1.0' });
    expect(Object.keys(api.channels)).toHaveLength(UP_KINDS.length + 1);
    for (const m of ['ack', 'result', 'command', 'cancel'])
      expect(api.components.messages[m]!.correlationId).toBeDefined();
    expect(api.components.schemas.readings_RTU).toMatchObject({
      properties: { dimLevel: { type: 'number', minimum: 0, maximum: 100 } },
    });
  });
});
