import type { Bilingual } from '../i18n.ts';

/** Messages of the smart manhole covers. */
export const MANHOLE_MESSAGES = {
  'manhole.param.range': {
    'zh-CN': '{param}须在 {min} 到 {max} 之间',
    'en-US': '{param} must be between {min} and {max}',
  },
  'manhole.param.required': { 'zh-CN': '请填写{param}', 'en-US': '{param} is required' },
  'manhole.field.unknown': { 'zh-CN': '不支持的数据项：{field}', 'en-US': 'Unknown reading: {field}' },
  'manhole.import.duplicate': {
    'zh-CN': '第 {row} 行：设备编号重复',
    'en-US': 'Row {row}: the UID appears twice',
  },
} satisfies Record<string, Bilingual>;
