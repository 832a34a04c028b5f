import { resolve } from 'node:path';

/** Runtime configuration, read once from the environment. Every key is documented in the README. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttPort: number;
  /** UDP port of the CoAP listener for devices that speak CoAP (NB-IoT); no listener when unset */
  coapPort?: number;
  /** address the embedded MQTT broker listens on */
  mqttHost: string;
  /** a TLS (mqtts://) listener of the embedded broker: its port and the PEM files of its certificate and key */
  mqttTls: { port: number; certFile: string; keyFile: string } | undefined;
  /** the server's client id at the external broker (one per process; derived from the host name and PORT when unset) */
  mqttClientId: string | undefined;
  /**
   * how device credentials reach the external broker (MQTT_CREDENTIALS): 'dynsec' provisions them into
   * Mosquitto's dynamic security plugin, 'http' answers EMQX's HTTP authentication and authorization
   * hooks, 'none' leaves them to the broker's operator; the embedded broker always checks them itself
   */
  mqttCredentials: 'none' | 'dynsec' | 'http';
  /** the account that manages the dynamic security plugin (MQTT_ADMIN_USER / MQTT_ADMIN_PASSWORD) */
  mqttAdminUser: string | undefined;
  mqttAdminPassword: string | undefined;
  /** the shared secret EMQX sends to /mqtt/auth and /mqtt/acl as `Authorization: Bearer …` (MQTT_HOOK_SECRET) */
  mqttHookSecret: string | undefined;
  /** addresses or CIDR blocks allowed to call the hooks (MQTT_HOOK_ALLOW, space- or comma-separated) */
  mqttHookAllow: string[];
  /** hook calls per calling address and minute (MQTT_HOOK_RATE_PER_MINUTE; 0 = no limit) */
  mqttHookPerMinute: number;
  redisUrl: string | undefined;
  tokenSecret: string | undefined;
  sessionTtlMinutes: number;
  captchaEnabled: boolean | undefined;
  webDist: string;
  demo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** sign-in, registration and captcha requests per client address and minute */
  signInPerMinute: number;
  captchaPerMinute: number;
  /** sources added to the web's Content-Security-Policy for connect-src and img-src (e.g. a map tile server) */
  cspExtraSources: string[];
}

function intEnv(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${key} must be a non-negative integer, got "${raw}"`);
  return value;
}

function boolEnv(env: NodeJS.ProcessEnv, key: string): boolean | undefined {
  const raw = env[key]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${key} must be true or false, got "${env[key]}"`);
}

function tlsEnv(env: NodeJS.ProcessEnv): AppConfig['mqttTls'] {
  const port = intEnv(env, 'MQTT_TLS_PORT', 0);
  if (!port) return undefined;
  const certFile = env.MQTT_TLS_CERT;
  const keyFile = env.MQTT_TLS_KEY;
  if (!certFile || !keyFile) throw new Error('MQTT_TLS_PORT needs MQTT_TLS_CERT and MQTT_TLS_KEY (PEM file paths)');
  return { port, certFile: resolve(certFile), keyFile: resolve(keyFile) };
}

function credentialsEnv(env: NodeJS.ProcessEnv): AppConfig['mqttCredentials'] {
  const raw = (env.MQTT_CREDENTIALS ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'none') return 'none';
  if (raw === 'dynsec' || raw === 'http') return raw;
  throw new Error(`MQTT_CREDENTIALS must be dynsec, http or none, got "${env.MQTT_CREDENTIALS}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = resolve(import.meta.dirname, '../../../..');
  return {
    port: intEnv(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || resolve(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    mqttUrl: env.MQTT_URL || undefined,
    mqttPort: intEnv(env, 'MQTT_PORT', 1884),
    coapPort: env.COAP_PORT ? intEnv(env, 'COAP_PORT', 5683) : undefined,
    mqttHost: env.MQTT_HOST || env.HOST || '0.0.0.0',
    mqttClientId: env.MQTT_CLIENT_ID || undefined,
    mqttTls: tlsEnv(env),
    mqttCredentials: credentialsEnv(env),
    mqttAdminUser: env.MQTT_ADMIN_USER || undefined,
    mqttAdminPassword: env.MQTT_ADMIN_PASSWORD || undefined,
    mqttHookSecret: env.MQTT_HOOK_SECRET || undefined,
    mqttHookAllow: (env.MQTT_HOOK_ALLOW ?? '').split(/[\s,]+/).filter(Boolean),
    mqttHookPerMinute: intEnv(env, 'MQTT_HOOK_RATE_PER_MINUTE', 60_000),
    redisUrl: env.REDIS_URL || undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    sessionTtlMinutes: intEnv(env, 'SESSION_TTL_MINUTES', 30),
    captchaEnabled: boolEnv(env, 'CAPTCHA_ENABLED'),
    webDist: resolve(env.WEB_DIST || resolve(root, 'apps/web/dist')),
    demo: boolEnv(env, 'DEMO') ?? true,
    logLevel: env.LOG_LEVEL || 'warn',
    trustProxy: boolEnv(env, 'TRUST_PROXY') ?? false,
    signInPerMinute: intEnv(env, 'SIGNIN_RATE_PER_MINUTE', 10),
    captchaPerMinute: intEnv(env, 'CAPTCHA_RATE_PER_MINUTE', 30),
    cspExtraSources: (env.CSP_EXTRA_SOURCES ?? '').split(/\s+/).filter(Boolean),
  };
}
