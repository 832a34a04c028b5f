import type { Bilingual } from '../i18n.ts';

/** Messages of the mobile app: versions, terminals, push messages, feedback. */
export const MOBILE_MESSAGES = {
  'app.version.exists': {
    'zh-CN': '{platform} 版本号 {code} 已存在',
    'en-US': 'Version code {code} of {platform} already exists',
  },
  'app.package.format': {
    'zh-CN': '安装包须为 apk、ipa 或 hap 文件',
    'en-US': 'The package must be an apk, ipa or hap file',
  },
  'app.version.none': { 'zh-CN': '暂无可用版本', 'en-US': 'No version is published yet' },
  'app.terminal.revoked': {
    'zh-CN': '该移动终端已被停用，请联系管理员',
    'en-US': 'This mobile terminal has been revoked, please contact the administrator',
  },
  'app.terminal.exists': {
    'zh-CN': '终端“{code}”已登记给该用户',
    'en-US': 'Terminal "{code}" is already recorded for this user',
  },
  'app.push.sent': {
    'zh-CN': '消息已发送，不能修改',
    'en-US': 'The message has been sent and cannot be changed',
  },
  'app.push.noRecipients': {
    'zh-CN': '没有可接收该消息的用户',
    'en-US': 'Nobody can receive this message',
  },
  'app.feedback.handled': { 'zh-CN': '该反馈已处理', 'en-US': 'This feedback has already been handled' },
} satisfies Record<string, Bilingual>;
