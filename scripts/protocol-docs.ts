/**
 * Writes what the device protocol document takes from the contracts: docs/asyncapi.json, its
 * readable rendering docs/asyncapi.md and the
 * generated tables of docs/device-protocol.md (readings with units and ranges, event types).
 * Run after changing the thing model or the wire schemas: `npx tsx scripts/protocol-docs.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asyncApiText } from '../packages/contracts/src/asyncapi.ts';
import { asyncApiMarkdown } from '../packages/contracts/src/asyncapi-markdown.ts';
import { withProtocolTables } from '../packages/contracts/src/protocol-tables.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
writeFileSync(join(root, 'docs/asyncapi.json'), asyncApiText());
writeFileSync(join(root, 'docs/asyncapi.md'), asyncApiMarkdown());
const doc = join(root, 'docs/device-protocol.md');
writeFileSync(doc, withProtocolTables(readFileSync(doc, 'utf8')));
console.log('docs/asyncapi.json, docs/asyncapi.md and the tables of docs/device-protocol.md written');
