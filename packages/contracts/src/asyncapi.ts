/**
 * The device protocol as an AsyncAPI 2.6 document, generated from the wire schemas
 * (lighting.ts) and the thing model: topics, message schemas, QoS and retain per topic, the
 * correlation of a command's id with its ack and result, the readings and events of every
 * device type. The server serves it at /asyncapi.json; docs/asyncapi.json is the committed copy
 * (a test fails when it drifts). Not exported from the package index: the web does not need it.
 */
import { z } from 'zod';
import { COMMAND_FAILURE_REASONS } from './enums.ts';
import {
  ackMessage,
  cancelMessage,
  commandMessage,
  eventMessage,
  heartbeatMessage,
  helloMessage,
  MAX_PAYLOAD_BYTES,
  MIN_TS_MS,
  PROTOCOL_VERSION,
  resultMessage,
  TOPIC_ROOT,
  telemetryMessage,
  UP_KINDS,
  type UpKind,
} from './lighting.ts';
import { scheduleParams } from './protocol-schedule.ts';
import { FAMILIES, type TelemetryField } from './things/index.ts';

/** Delivery rules per topic: every topic is QoS 1 and never retained (a heartbeat may go at QoS 0). */
export const TOPIC_DELIVERY: Record<UpKind | 'command', { qos: 1; retain: false; summary: string }> = {
  hello: {
    qos: 1,
    retain: false,
    summary:
      'Sent on every connect: brings the session and the children it names online and releases the commands kept for it.',
  },
  heartbeat: {
    qos: 1,
    retain: false,
    summary:
      'Sent every 60 s (at most every 120 s): keeps the session and the children it names online and releases kept commands. QoS 0 is accepted too.',
  },
  telemetry: {
    qos: 1,
    retain: false,
    summary: 'Readings of the session or of children it carries; acknowledged once stored.',
  },
  event: { qos: 1, retain: false, summary: 'An event (alarm, recovery, power-up) of the session or of a child.' },
  ack: { qos: 1, retain: false, summary: 'The device took a command (DELIVERED); correlates by the command id.' },
  result: {
    qos: 1,
    retain: false,
    summary:
      'The outcome of a command (SUCCESS, FAILED with a reason code), or CANCELED confirming a cancel; correlates by the command id.',
  },
  command: {
    qos: 1,
    retain: false,
    summary: 'Commands for the session and its children, or a cancel of commands already sent.',
  },
};

const MESSAGES: Record<UpKind, z.ZodType> = {
  hello: helloMessage,
  heartbeat: heartbeatMessage,
  telemetry: telemetryMessage,
  event: eventMessage,
  ack: ackMessage,
  result: resultMessage,
};

/** What the schemas alone do not say: where the thing model's rules for the values are. */
const MESSAGE_NOTES: Partial<Record<UpKind, string>> = {
  hello:
    '`schedules` lists every schedule the controller holds (kind, plan id, version; `#/components/messages/schedule`); a version other than the one issued shows the controller as drifted.',
  telemetry:
    '`values` holds the readings of the device\'s type: `#/components/schemas/readings_<TYPE>` lists their names, units and ranges. A message is one item or `{"items":[…]}`; an item without `uid` is the session\'s own.',
  event:
    "`type` is one of `#/components/schemas/events_<TYPE>` for the device's type; `RECOVER` with `data.type` clears that fault.",
  result: [
    "`data` on SUCCESS: readings of the device's type for lamp, breaker and `calling` actions (`calling` may add `config`),",
    '`{"clock":<epoch ms>}` for `timing` and `clockcalling`, the configuration held for `config`,',
    '`{"version":"…"}` (the version now held) for `schedule`.',
    `\`error\` on FAILED: a reason code (${COMMAND_FAILURE_REASONS.join(', ')}), optionally ': ' and the device's words.`,
  ].join(' '),
};

const OPERATION_IDS: Record<UpKind | 'command', string> = {
  hello: 'sendHello',
  heartbeat: 'sendHeartbeat',
  telemetry: 'sendTelemetry',
  event: 'sendEvent',
  ack: 'acknowledgeCommand',
  result: 'reportCommandResult',
  command: 'receiveCommand',
};

/** A zod schema as the JSON Schema an AsyncAPI payload holds. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...out } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return stampTs(out) as Record<string, unknown>;
}

/** Every `ts` property: epoch milliseconds (seconds are refused). */
function stampTs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stampTs);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      const props: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(value))
        props[name] =
          name === 'ts' || name === 'expiresAt'
            ? {
                type: 'integer',
                minimum: MIN_TS_MS,
                description:
                  name === 'ts'
                    ? 'epoch milliseconds; the platform’s clock when absent. A time in seconds is refused and counted.'
                    : 'epoch milliseconds after which the device must not carry the command out',
              }
            : stampTs(prop);
      out[key] = props;
    } else out[key] = stampTs(value);
  }
  return out;
}

/** One reading of the thing model as a JSON Schema property. */
function readingSchema(field: TelemetryField): Record<string, unknown> {
  const description = `${field.label.en}${field.unit ? ` (${field.unit})` : ''}`;
  switch (field.kind) {
    case 'number':
      return { type: 'number', minimum: field.min, maximum: field.max, description };
    case 'boolean':
      return { oneOf: [{ type: 'boolean' }, { enum: [0, 1] }], description };
    case 'enum':
      return { type: 'string', enum: [...(field.values ?? [])], description };
    case 'text':
      return { type: 'string', maxLength: 40, description };
  }
}

/** Per device type: its readings and the event types it may send, from the thing model. */
function typeSchemas() {
  const schemas: Record<string, unknown> = {};
  for (const family of FAMILIES)
    for (const type of family.types) {
      if (type.session === 'none') continue;
      if (type.telemetry.length)
        schemas[`readings_${type.code}`] = {
          type: 'object',
          description: `Readings of a ${type.label.en} (${type.code}); other names or values out of range are counted and not stored.`,
          properties: Object.fromEntries(type.telemetry.map((field) => [field.key, readingSchema(field)])),
          additionalProperties: false,
        };
      const events = type.events.filter((event) => event.source !== 'platform');
      if (events.length)
        schemas[`events_${type.code}`] = {
          type: 'string',
          description: `Event types a ${type.label.en} (${type.code}) may send; others are counted and not stored.`,
          enum: events.map((event) => event.type),
        };
    }
  return schemas;
}

const parameters = {
  projectId: { description: 'the project the device belongs to', schema: { type: 'integer', minimum: 1 } },
  uid: {
    description: 'UID of the session device (the concentrator, box controller or direct terminal)',
    schema: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$' },
  },
};

/** The AsyncAPI document of the device protocol (topics under the default root `luxgrid`). */
export function deviceProtocolAsyncApi(): Record<string, unknown> {
  const channel = (suffix: string) => `${TOPIC_ROOT}/${PROTOCOL_VERSION}/{projectId}/{uid}/${suffix}`;
  const channels: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const params = {
    projectId: { $ref: '#/components/parameters/projectId' },
    uid: { $ref: '#/components/parameters/uid' },
  };
  for (const kind of UP_KINDS) {
    const delivery = TOPIC_DELIVERY[kind];
    messages[kind] = {
      messageId: kind,
      name: kind,
      title: kind,
      summary: delivery.summary,
      ...(MESSAGE_NOTES[kind] ? { description: MESSAGE_NOTES[kind] } : {}),
      contentType: 'application/json',
      payload: jsonSchema(MESSAGES[kind]),
      ...(kind === 'ack' || kind === 'result' ? { correlationId: { $ref: '#/components/correlationIds/answer' } } : {}),
      bindings: { mqtt: { bindingVersion: '0.1.0' } },
    };
    channels[channel(`up/${kind}`)] = {
      parameters: params,
      publish: {
        operationId: OPERATION_IDS[kind],
        summary: delivery.summary,
        bindings: { mqtt: { qos: delivery.qos, retain: delivery.retain, bindingVersion: '0.1.0' } },
        message: { $ref: `#/components/messages/${kind}` },
      },
    };
  }
  messages.command = {
    messageId: 'command',
    name: 'command',
    title: 'command',
    summary: 'One action for one or more devices the session carries; each command has its own id.',
    contentType: 'application/json',
    payload: jsonSchema(commandMessage),
    correlationId: { $ref: '#/components/correlationIds/command' },
  };
  messages.cancel = {
    messageId: 'cancel',
    name: 'cancel',
    title: 'cancel',
    summary:
      'Commands the session already took, cancelled by an operator: drop them if you still can and answer each with a result CANCELED.',
    contentType: 'application/json',
    payload: jsonSchema(cancelMessage),
    correlationId: { $ref: '#/components/correlationIds/command' },
  };
  messages.schedule = {
    messageId: 'schedule',
    name: 'schedule',
    title: 'schedule',
    summary:
      'A strategy or virtual dimming plan for the controller to hold and run on its own clock at its coordinates: the command with action `schedule`, addressed to the session device, whose `params` is the schedule. Answer with a result whose `data` is `{"version":…}`.',
    contentType: 'application/json',
    payload: jsonSchema(commandMessage.extend({ action: z.literal('schedule'), params: scheduleParams })),
    correlationId: { $ref: '#/components/correlationIds/command' },
  };
  channels[channel('down/command')] = {
    parameters: params,
    subscribe: {
      operationId: OPERATION_IDS.command,
      summary: TOPIC_DELIVERY.command.summary,
      bindings: { mqtt: { qos: 1, retain: false, bindingVersion: '0.1.0' } },
      message: {
        oneOf: [
          { $ref: '#/components/messages/command' },
          { $ref: '#/components/messages/schedule' },
          { $ref: '#/components/messages/cancel' },
        ],
      },
    },
  };
  return {
    asyncapi: '2.6.0',
    id: 'urn:luxgrid:device-protocol',
    info: {
      title: 'Luxgrid device protocol',
      version: '1.0.0',
      description: [
        'MQTT with JSON payloads; see docs/device-protocol.md.',
        `Topics start with the root \`${TOPIC_ROOT}\` (the server's MQTT_TOPIC_ROOT changes it).`,
        `A payload is at most ${MAX_PAYLOAD_BYTES} bytes. Every message is published with QoS 1 (a heartbeat may use QoS 0) and without the retain flag: retained device messages are ignored and counted.`,
      ].join(' '),
    },
    defaultContentType: 'application/json',
    servers: {
      embedded: {
        url: 'localhost:1884',
        protocol: 'mqtt',
        protocolVersion: '3.1.1',
        description: 'the broker inside the server (MQTT_PORT); MQTT 3.1.1 only',
        security: [{ device: [] }],
      },
      'embedded-tls': {
        url: 'localhost:8883',
        protocol: 'secure-mqtt',
        protocolVersion: '3.1.1',
        description: 'the same broker over TLS (MQTT_TLS_PORT, MQTT_TLS_CERT, MQTT_TLS_KEY)',
        security: [{ device: [] }],
      },
    },
    channels,
    components: {
      messages,
      schemas: typeSchemas(),
      parameters,
      securitySchemes: {
        device: {
          type: 'userPassword',
          description:
            'user name {projectId}-{uid} (e.g. 1-CCU-0001), password = the device secret the platform issues (docs/device-protocol.md)',
        },
      },
      correlationIds: {
        command: {
          description: 'each command’s id; the device’s ack and result name it',
          location: '$message.payload#/commands/0/id',
        },
        answer: { description: 'the id of the command answered', location: '$message.payload#/id' },
      },
    },
  };
}

/** The committed form of the document (docs/asyncapi.json). */
export const asyncApiText = () => `${JSON.stringify(deviceProtocolAsyncApi(), null, 2)}\n`;
