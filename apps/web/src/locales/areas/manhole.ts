/** Texts of the smart manhole cover screens in both languages (the readings' own names come from the thing model). */
const zhCN = {
  mhStatus: { open: '井盖开启', alarm: '告警', online: '在线', offline: '离线' },
  mhValue: { coverState: { OPEN: '开启', CLOSED: '关闭' } },
  mhAlarm: {
    time: '告警时间',
    type: '告警类型',
    grade: '告警等级',
    cover: '井盖',
    location: '位置',
    recovered: '恢复状态',
    recoveredAt: '已恢复',
    recoveredDone: '已恢复',
    active: '未恢复',
    keyword: '井盖 UID 或名称',
  },
  mhStats: {
    total: '井盖总数',
    online: '在线',
    offline: '离线',
    open: '井盖开启',
    tilted: '倾斜',
    waterHigh: '水位超限',
    lowBattery: '电量低',
    perDay: '近 30 天每日告警',
    battery: '电量分布',
    covers: '井盖数',
    noReading: '未上报',
  },
  mhMap: { legend: '井盖状态' },
};

type Texts = typeof zhCN;

const enUS: Texts = {
  mhStatus: { open: 'Lid open', alarm: 'Alarm', online: 'Online', offline: 'Offline' },
  mhValue: { coverState: { OPEN: 'Open', CLOSED: 'Closed' } },
  mhAlarm: {
    time: 'Time',
    type: 'Alarm',
    grade: 'Grade',
    cover: 'Cover',
    location: 'Location',
    recovered: 'Recovery',
    recoveredAt: 'Recovered',
    recoveredDone: 'Recovered',
    active: 'Not recovered',
    keyword: 'Cover UID or name',
  },
  mhStats: {
    total: 'Covers',
    online: 'Online',
    offline: 'Offline',
    open: 'Lid open',
    tilted: 'Tilted',
    waterHigh: 'Water high',
    lowBattery: 'Low battery',
    perDay: 'Alarms per day, last 30 days',
    battery: 'Battery levels',
    covers: 'Covers',
    noReading: 'Not reported',
  },
  mhMap: { legend: 'Cover state' },
};

export const manholeTexts = { 'zh-CN': zhCN, 'en-US': enUS };
