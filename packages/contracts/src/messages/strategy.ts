import type { Bilingual } from '../i18n.ts';

/** Messages of lighting strategies, virtual dimming and the astronomical clock. */
export const STRATEGY_MESSAGES = {
  // spec §5 (English verbatim)
  'strategy.timeOffset.empty': { 'zh-CN': '时间、偏移量不能为空', 'en-US': 'Time, offset empty not allowed' },
  'strategy.objects.empty': { 'zh-CN': '对象数量不能为0或为空', 'en-US': 'object count not 0 or empty' },

  'strategy.dates.order': {
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'The end date cannot be before the start date',
  },
  'strategy.dim.level': {
    'zh-CN': '调光值必须在0到100之间',
    'en-US': 'The dim level must be between 0 and 100',
  },
  'strategy.weekDays.empty': { 'zh-CN': '请至少选择一个星期', 'en-US': 'Choose at least one week day' },
  'strategy.entries.empty': { 'zh-CN': '请至少添加一条策略项', 'en-US': 'Add at least one entry' },
  'strategy.sensor.notLuxometer': {
    'zh-CN': '光照传感器必须是本项目的照度计',
    'en-US': 'The light sensor must be a luxometer of this project',
  },
  'strategy.target.notFound': {
    'zh-CN': '目标{kind}不存在或不属于本项目：{ids}',
    'en-US': 'Target {kind} not found in this project: {ids}',
  },
  'strategy.issue.noControllers': {
    'zh-CN': '目标对象下没有可下发的控制器',
    'en-US': 'No controller to issue to under the targets',
  },
  'strategy.issue.disabled': {
    'zh-CN': '已停用的策略不能下发',
    'en-US': 'A disabled strategy cannot be issued',
  },
  'strategy.issue.nothingFailed': {
    'zh-CN': '没有下发失败的控制器',
    'en-US': 'No controller failed to take it',
  },
  'strategy.range.tooLong': {
    'zh-CN': '日期范围最多{max}天',
    'en-US': 'The date range may cover at most {max} days',
  },
  'strategy.range.order': {
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'The end date cannot be before the start date',
  },
  'strategy.band.overlap': {
    'zh-CN': '时段{a}与时段{b}重叠',
    'en-US': 'Time band {a} overlaps time band {b}',
  },
  'strategy.band.empty': {
    'zh-CN': '时段{n}的开始与结束时间相同',
    'en-US': 'Time band {n} starts and ends at the same time',
  },
  'strategy.project.noCoordinates': {
    'zh-CN': '项目没有经纬度，无法计算日出日落',
    'en-US': 'The project has no coordinates: sunrise and sunset cannot be computed',
  },

  // warnings (the strategy is saved; the operator is told)
  'strategy.warn.fixedOnInDaylight': {
    'zh-CN': '第{entry}项：固定时间{time}开灯，在{count}天里已过日出（如{date}日出{sunrise}）',
    'en-US':
      'Entry {entry}: the fixed {time} switch-on falls after sunrise on {count} days (e.g. {date}, sunrise {sunrise})',
  },
  'strategy.warn.crossesMidnight': {
    'zh-CN': '第{entry}项：偏移量使时间在{count}天里跨过午夜（如{date}）',
    'en-US': 'Entry {entry}: the offset carries the time across midnight on {count} days (e.g. {date})',
  },
  'strategy.warn.polar': {
    'zh-CN': '{count}天没有日出或日落（极昼/极夜），按极地规则执行',
    'en-US': '{count} days have no sunrise or sunset (polar day or night): the polar rule applies',
  },
  'strategy.warn.overlap': {
    'zh-CN': '与策略“{name}”作用于相同的灯（{count}个），优先级高者生效，相同时后保存者生效',
    'en-US':
      'Shares {count} lamps with strategy "{name}": the higher priority wins, on equal priority the one saved last',
  },
  'job.handler.lightingTimeSync': {
    'zh-CN':
      '路灯控制器每日校时：各项目当地时间03:00后一小时内向持有策略的控制器下发校时（每天一次）；手动执行时立即为全部（或指定 projectId 的）控制器校时',
    'en-US':
      "Daily clock sync of lamp controllers: each project's controllers that hold schedules get the time once a day within the hour after 03:00 local; run by hand, all of them (or those of projectId) are synced now",
  },
  'job.result.lightingTimeSync': {
    'zh-CN': '已向{projects}个项目的{controllers}台控制器下发校时',
    'en-US': 'Time sync sent to {controllers} controllers in {projects} projects',
  },
} satisfies Record<string, Bilingual>;

export const STRATEGY_FIELDS: Record<string, Bilingual> = {
  strategyId: { 'zh-CN': '策略', 'en-US': 'Strategy' },
  startDate: { 'zh-CN': '开始日期', 'en-US': 'Start date' },
  endDate: { 'zh-CN': '结束日期', 'en-US': 'End date' },
  weekDays: { 'zh-CN': '星期', 'en-US': 'Week days' },
  entries: { 'zh-CN': '策略项', 'en-US': 'Entries' },
  timeMode: { 'zh-CN': '时间模式', 'en-US': 'Time mode' },
  time: { 'zh-CN': '时间', 'en-US': 'Time' },
  offset: { 'zh-CN': '偏移量', 'en-US': 'Offset' },
  action: { 'zh-CN': '动作', 'en-US': 'Action' },
  level: { 'zh-CN': '调光值', 'en-US': 'Dim level' },
  applyTo: { 'zh-CN': '作用对象', 'en-US': 'Applies to' },
  heads: { 'zh-CN': '灯头', 'en-US': 'Lamp heads' },
  sensor: { 'zh-CN': '光照传感器', 'en-US': 'Light sensor' },
  luxOn: { 'zh-CN': '开灯照度', 'en-US': 'Switch-on lux' },
  luxOff: { 'zh-CN': '关灯照度', 'en-US': 'Switch-off lux' },
  windowMinutes: { 'zh-CN': '日出日落窗口（分钟）', 'en-US': 'Window around dusk/dawn (min)' },
  minBurnMinutes: { 'zh-CN': '最短亮灯时间（分钟）', 'en-US': 'Minimum burn time (min)' },
  polarDay: { 'zh-CN': '极昼规则', 'en-US': 'Polar day rule' },
  polarNight: { 'zh-CN': '极夜规则', 'en-US': 'Polar night rule' },
  priority: { 'zh-CN': '优先级', 'en-US': 'Priority' },
  targets: { 'zh-CN': '目标对象', 'en-US': 'Targets' },
  groupIds: { 'zh-CN': '分组', 'en-US': 'Groups' },
  tagIds: { 'zh-CN': '标签', 'en-US': 'Tags' },
  boxIds: { 'zh-CN': '配电箱', 'en-US': 'Boxes' },
  deviceIds: { 'zh-CN': '设备', 'en-US': 'Devices' },
  bands: { 'zh-CN': '时段', 'en-US': 'Time bands' },
  start: { 'zh-CN': '开始时间', 'en-US': 'Start' },
  end: { 'zh-CN': '结束时间', 'en-US': 'End' },
  cap: { 'zh-CN': '功率上限（%）', 'en-US': 'Power cap (%)' },
  from: { 'zh-CN': '开始日期', 'en-US': 'From' },
  to: { 'zh-CN': '结束日期', 'en-US': 'To' },
};
