/** Texts of a LoRaWAN project's ChirpStack connection (project dialog) in both languages. */
const zhCN = {
  lwSettings: {
    title: 'ChirpStack 连接',
    brokerUrl: 'ChirpStack MQTT 地址',
    brokerUrlHint: 'ChirpStack 的 MQTT 集成所用的服务器，如 mqtts://主机:8883；不填则项目暂不接入',
    brokerUrlInvalid: '须以 mqtt://、mqtts://、ws:// 或 wss:// 开头，并写明主机（用户名和密码请填在下方）',
    applicationId: 'ChirpStack 应用 ID',
    applicationIdHint: 'ChirpStack 中本项目的应用（UUID）；单灯控制器的 UID 即其 DevEUI',
    applicationIdInvalid: '须为 ChirpStack 应用的 UUID',
    bothRequired: '地址和应用 ID 须同时填写',
    username: 'MQTT 用户名',
    password: 'MQTT 密码',
    passwordKeep: '已保存密码：留空则不修改',
    enabled: '启用',
    lastError: '连接失败：{{error}}',
    state: { connected: '已连接', connecting: '连接中', disconnected: '已断开', stopped: '未运行' },
  },
};

const enUS: typeof zhCN = {
  lwSettings: {
    title: 'ChirpStack connection',
    brokerUrl: 'ChirpStack MQTT broker URL',
    brokerUrlHint: "The broker of ChirpStack's MQTT integration, e.g. mqtts://host:8883; leave empty to connect later",
    brokerUrlInvalid:
      'Must start with mqtt://, mqtts://, ws:// or wss:// and name a host (user name and password go below)',
    applicationId: 'ChirpStack application id',
    applicationIdHint: "The project's application in ChirpStack (UUID); a lamp controller's UID is its DevEUI",
    applicationIdInvalid: 'Must be the UUID of the ChirpStack application',
    bothRequired: 'Fill in both the broker URL and the application id',
    username: 'MQTT user name',
    password: 'MQTT password',
    passwordKeep: 'A password is stored: leave empty to keep it',
    enabled: 'Enabled',
    lastError: 'Connection failed: {{error}}',
    state: { connected: 'Connected', connecting: 'Connecting', disconnected: 'Disconnected', stopped: 'Not running' },
  },
};

export const lorawanTexts = { 'zh-CN': zhCN, 'en-US': enUS };
