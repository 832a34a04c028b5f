import type { Bilingual } from '../i18n.ts';

/** Messages of LoRaWAN projects (ChirpStack connection settings). */
export const LORAWAN_MESSAGES = {
  'lorawan.brokerUrl': {
    'zh-CN': '{field}须以 mqtt://、mqtts://、ws:// 或 wss:// 开头，并写明主机',
    'en-US': '{field} must start with mqtt://, mqtts://, ws:// or wss:// and name a host',
  },
  'lorawan.applicationId': {
    'zh-CN': '{field}须为 ChirpStack 应用的 UUID（如 4f1c2b8e-0d7a-4c55-9a3e-2b6f0c1d9e77）',
    'en-US': '{field} must be the UUID of the ChirpStack application (e.g. 4f1c2b8e-0d7a-4c55-9a3e-2b6f0c1d9e77)',
  },
  'lorawan.notLoRaWan': {
    'zh-CN': '项目“{name}”的通信方式不是 LoRaWAN，不能配置 ChirpStack 连接',
    'en-US': 'Project "{name}" does not communicate over LoRaWAN: it has no ChirpStack connection',
  },
  'lorawan.applicationTaken': {
    'zh-CN': '该 ChirpStack 应用已由项目“{name}”使用',
    'en-US': 'This ChirpStack application is already used by project "{name}"',
  },
  'lorawan.passwordWithoutUser': {
    'zh-CN': '填写密码时必须同时填写用户名',
    'en-US': 'A password needs a user name',
  },
} satisfies Record<string, Bilingual>;

/** Labels of the fields of the LoRaWAN settings. */
export const LORAWAN_FIELDS: Record<string, Bilingual> = {
  brokerUrl: { 'zh-CN': 'ChirpStack MQTT 地址', 'en-US': 'ChirpStack MQTT broker URL' },
  applicationId: { 'zh-CN': 'ChirpStack 应用 ID', 'en-US': 'ChirpStack application id' },
  mqttUsername: { 'zh-CN': 'MQTT 用户名', 'en-US': 'MQTT user name' },
  mqttPassword: { 'zh-CN': 'MQTT 密码', 'en-US': 'MQTT password' },
  enabled: { 'zh-CN': '启用', 'en-US': 'Enabled' },
};
