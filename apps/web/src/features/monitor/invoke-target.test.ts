import { describe, expect, it } from 'vitest';
import { checkArgs, describeArgs, exampleArgs, joinInvokeTarget, splitInvokeTarget } from './invoke-target';
import type { ArgsSchema } from './job-api';

/** log.clean's arguments as the server renders them (z.toJSONSchema). */
const LOG_CLEAN: ArgsSchema = {
  type: 'object',
  properties: {
    days: { default: 90, type: 'integer', minimum: 1, maximum: 3650 },
    logs: {
      default: ['login', 'oper'],
      minItems: 1,
      type: 'array',
      items: { type: 'string', enum: ['login', 'oper', 'job'] },
    },
  },
  additionalProperties: false,
};

describe('invoke targets', () => {
  it('split into a handler and pretty arguments, and join back compactly', () => {
    const split = splitInvokeTarget('log.clean {"days":30,"logs":["job"]}');
    expect(split.handler).toBe('log.clean');
    expect(JSON.parse(split.args)).toEqual({ days: 30, logs: ['job'] });
    expect(split.args).toContain('\n');
    expect(joinInvokeTarget(split.handler, split.args)).toBe('log.clean {"days":30,"logs":["job"]}');
  });

  it('leave the bare name when there are no arguments or an empty object', () => {
    expect(splitInvokeTarget('platform.heartbeat')).toEqual({ handler: 'platform.heartbeat', args: '' });
    expect(joinInvokeTarget('platform.heartbeat', '')).toBe('platform.heartbeat');
    expect(joinInvokeTarget('platform.heartbeat', ' { } ')).toBe('platform.heartbeat');
    expect(joinInvokeTarget('', '{"a":1}')).toBe('');
  });

  it('do not read code or odd text as a handler (RuoYi bean calls are not targets)', () => {
    expect(splitInvokeTarget("ryTask.ryParams('ry')").handler).toBe('');
    expect(splitInvokeTarget('java.lang.Runtime.getRuntime().exec("x")').handler).toBe('');
    expect(splitInvokeTarget(undefined)).toEqual({ handler: '', args: '' });
  });

  it('turn a handler example into editable arguments', () => {
    expect(JSON.parse(exampleArgs('cache.refresh {"targets":["dict","config"]}'))).toEqual({
      targets: ['dict', 'config'],
    });
    expect(exampleArgs('session.purgeExpired')).toBe('');
  });
});

describe('argument checks against the handler schema', () => {
  it('accept valid arguments and an empty editor', () => {
    expect(checkArgs('{"days": 30, "logs": ["job"]}', LOG_CLEAN)).toEqual([]);
    expect(checkArgs('   ', LOG_CLEAN)).toEqual([]);
    expect(checkArgs('{}', LOG_CLEAN)).toEqual([]);
  });

  it('say what is wrong: JSON, shape, unknown keys, types, ranges, enums, item counts', () => {
    expect(checkArgs('{days: 1}', LOG_CLEAN)).toEqual([{ kind: 'json' }]);
    expect(checkArgs('[1]', LOG_CLEAN)).toEqual([{ kind: 'object' }]);
    expect(checkArgs('{"day": 1}', LOG_CLEAN)).toEqual([{ kind: 'unknown', path: 'day' }]);
    expect(checkArgs('{"days": 1.5}', LOG_CLEAN)).toEqual([{ kind: 'type', path: 'days', expected: 'integer' }]);
    expect(checkArgs('{"days": 0}', LOG_CLEAN)).toEqual([{ kind: 'range', path: 'days', min: '1', max: '3650' }]);
    expect(checkArgs('{"logs": ["audit"]}', LOG_CLEAN)).toEqual([
      { kind: 'enum', path: 'logs[0]', allowed: 'login, oper, job' },
    ]);
    expect(checkArgs('{"logs": []}', LOG_CLEAN)).toEqual([{ kind: 'items', path: 'logs', min: '1', max: '' }]);
  });

  it('accept a numeric string where zod coerces numbers', () => {
    expect(checkArgs('{"days": "30"}', LOG_CLEAN)).toEqual([]);
    expect(checkArgs('{"days": "0"}', LOG_CLEAN)).toHaveLength(1);
  });

  it('ask for required arguments without a default', () => {
    const schema: ArgsSchema = {
      type: 'object',
      properties: { name: { type: 'string', minLength: 2 } },
      required: ['name'],
    };
    expect(checkArgs('{}', schema)).toEqual([{ kind: 'required', path: 'name' }]);
    expect(checkArgs('{"name": "a"}', schema)).toEqual([{ kind: 'length', path: 'name', min: '2', max: '' }]);
  });

  it('describe each argument for the help table', () => {
    expect(describeArgs(LOG_CLEAN)).toEqual([
      { name: 'days', type: 'integer', required: false, defaultValue: '90', allowed: undefined, min: '1', max: '3650' },
      {
        name: 'logs',
        type: 'string[]',
        required: false,
        defaultValue: '["login","oper"]',
        allowed: 'login, oper, job',
        min: '1',
        max: undefined,
      },
    ]);
    expect(describeArgs({ type: 'object', properties: {}, additionalProperties: false })).toEqual([]);
    expect(describeArgs(undefined)).toEqual([]);
  });
});
