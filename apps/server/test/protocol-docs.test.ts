import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UP_KINDS } from '@luxgrid/contracts';
import { asyncApiText, deviceProtocolAsyncApi } from '@luxgrid/contracts/asyncapi';
import { withProtocolTables } from '@luxgrid/contracts/protocol-tables';
import { describe, expect, it } from 'vitest';

const docs = join(import.meta.dirname, '../../../docs');

describe('the device protocol documents follow the contracts', () => {
  it('docs/asyncapi.json is the generated AsyncAPI document (npx tsx scripts/protocol-docs.ts)', () => {
    expect(readFileSync(join(docs, 'asyncapi.json'), 'utf8')).toBe(asyncApiText());
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
