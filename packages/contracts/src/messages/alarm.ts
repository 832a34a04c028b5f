import type { Bilingual } from '../i18n.ts';

/** Messages of the alarm area. */
export const ALARM_MESSAGES = {
  'alarm.threshold.range': {
    'zh-CN': '{field}必须在{min}到{max}{unit}之间',
    'en-US': '{field} must be between {min} and {max} {unit}',
  },
  'alarm.threshold.required': {
    'zh-CN': '{type}需要设置{field}',
    'en-US': '{type} needs {field}',
  },
  'alarm.threshold.none': {
    'zh-CN': '{type}没有可设置的{field}',
    'en-US': '{type} has no {field} to set',
  },
  'alarm.threshold.integer': { 'zh-CN': '{field}必须是整数', 'en-US': '{field} must be a whole number' },
  'alarm.clear.notAllowed': {
    'zh-CN': '{type}会在设备恢复后自动恢复，不能手动清除',
    'en-US': '{type} recovers by itself once the device recovers and cannot be cleared by hand',
  },
  'alarm.recovered': { 'zh-CN': '告警已恢复，无需处理', 'en-US': 'The alarm has already recovered' },
  'alarm.stats.tooLong': {
    'zh-CN': '统计时间范围最多{max}天',
    'en-US': 'Statistics cover at most {max} days',
  },
  'alarm.stats.order': {
    'zh-CN': '开始时间不能晚于结束时间',
    'en-US': 'The start of the period must come before its end',
  },
  'job.handler.cleanAlarmDeliveries': {
    'zh-CN':
      '清理N天前已结束（已送达或已放弃）的告警外部通知记录；不填天数时按参数 sys.alarm.notify.retentionDays（默认30天）',
    'en-US':
      'Deletes finished (delivered or given up) outward alarm notifications older than N days; without days, the parameter sys.alarm.notify.retentionDays (default 30)',
  },
  'job.result.alarmDeliveriesCleaned': {
    'zh-CN': '已清理{days}天前的告警通知记录{count}条',
    'en-US': '{count} alarm notification deliveries older than {days} days cleaned',
  },
  'alarm.maintenance.past': {
    'zh-CN': '维护结束时间必须晚于当前时间',
    'en-US': 'The end of maintenance must be in the future',
  },
} satisfies Record<string, Bilingual>;

/** Labels of the fields alarm validation messages name. */
export const ALARM_FIELDS: Record<string, Bilingual> = {
  alarmConfigType: { 'zh-CN': '告警类型', 'en-US': 'Alarm type' },
  alarmIds: { 'zh-CN': '告警', 'en-US': 'Alarms' },
  alarmId: { 'zh-CN': '告警', 'en-US': 'Alarm' },
  grade: { 'zh-CN': '告警等级', 'en-US': 'Grade' },
  enabled: { 'zh-CN': '启用', 'en-US': 'Enabled' },
  threshold: { 'zh-CN': '阈值', 'en-US': 'Threshold' },
  holdSeconds: { 'zh-CN': '持续时间', 'en-US': 'Hold time' },
  push: { 'zh-CN': '页面推送', 'en-US': 'Push to browsers' },
  sound: { 'zh-CN': '声音提醒', 'en-US': 'Sound' },
  notify: { 'zh-CN': '外部通知', 'en-US': 'Notify outward' },
  workOrder: { 'zh-CN': '生成工单', 'en-US': 'Open a work order' },
  comment: { 'zh-CN': '处理意见', 'en-US': 'Comment' },
  minutes: { 'zh-CN': '搁置时长（分钟）', 'en-US': 'Shelve for (minutes)' },
  until: { 'zh-CN': '维护结束时间', 'en-US': 'End of maintenance' },
  reason: { 'zh-CN': '维护原因', 'en-US': 'Reason' },
};
