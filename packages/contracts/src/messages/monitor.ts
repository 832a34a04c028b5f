import type { Bilingual } from '../i18n.ts';

/** Messages of scheduled jobs, cache, server and database monitors, code generator. Keys are prefixed by their area. */
export const MONITOR_MESSAGES = {
  'monitor.platformOnly': {
    'zh-CN': '该功能仅对平台用户开放',
    'en-US': 'This function is open to platform users only',
  },

  // scheduled jobs
  'job.cronFields': {
    'zh-CN': 'Cron表达式须为6或7个字段：秒 分 时 日 月 周 [年]',
    'en-US': 'A cron expression has 6 or 7 fields: second minute hour day month weekday [year]',
  },
  'job.cronInvalid': { 'zh-CN': 'Cron表达式不正确：{expr}', 'en-US': 'The cron expression is not valid: {expr}' },
  'job.cronNever': {
    'zh-CN': 'Cron表达式今后不会再触发：{expr}',
    'en-US': 'The cron expression never fires again: {expr}',
  },
  'job.targetFormat': {
    'zh-CN': '调用目标须为已登记的处理器名称，可带JSON参数，如 log.clean {"days":30}',
    'en-US':
      'The invoke target must be a registered handler name, optionally followed by JSON arguments, e.g. log.clean {"days":30}',
  },
  'job.handlerUnknown': {
    'zh-CN': '没有名为“{name}”的任务处理器',
    'en-US': 'There is no job handler named "{name}"',
  },
  'job.argsJson': { 'zh-CN': '任务参数不是合法的JSON对象', 'en-US': 'The job arguments are not a valid JSON object' },
  'job.argsInvalid': {
    'zh-CN': '处理器“{name}”的参数不正确：{detail}',
    'en-US': 'Wrong arguments for handler "{name}": {detail}',
  },
  'job.busy': {
    'zh-CN': '任务正在执行且不允许并发，请稍后再试',
    'en-US': 'The job is running and does not allow concurrent runs, please try later',
  },
  'job.runStarted': { 'zh-CN': '任务已开始执行', 'en-US': 'The job has started' },
  'job.runFailed': { 'zh-CN': '任务执行失败', 'en-US': 'The job failed' },
  'job.result.heartbeat': {
    'zh-CN': '心跳正常：数据库{db}（{dbMs} ms），缓存{cache}，在线会话{sessions}个，节点{node}',
    'en-US': 'Heartbeat: database {db} ({dbMs} ms), cache {cache}, {sessions} sessions online, node {node}',
  },
  'job.result.sessionsPurged': {
    'zh-CN': '已清除过期会话{count}个',
    'en-US': '{count} expired sessions purged',
  },
  'job.result.logsCleaned': {
    'zh-CN': '已清理{days}天前的日志：登录日志{login}条，操作日志{oper}条，调度日志{job}条',
    'en-US': 'Logs older than {days} days cleaned: {login} login, {oper} operation, {job} job log rows',
  },
  'job.result.cacheRefreshed': {
    'zh-CN': '缓存已刷新：字典类型{dicts}个，参数{configs}个',
    'en-US': 'Caches refreshed: {dicts} dictionary types, {configs} parameters',
  },
  'job.handler.heartbeat': {
    'zh-CN': '平台心跳：检查数据库与缓存并写一条调度日志',
    'en-US': 'Platform heartbeat: checks the database and the cache and writes a job log line',
  },
  'job.handler.purgeSessions': {
    'zh-CN': '清除已过期的登录会话',
    'en-US': 'Purges expired sign-in sessions',
  },
  'job.handler.cleanLogs': {
    'zh-CN': '清理N天前的登录日志、操作日志（可选调度日志）',
    'en-US': 'Deletes login and operation logs (optionally job logs) older than N days',
  },
  'job.handler.refreshCache': {
    'zh-CN': '刷新字典与参数缓存',
    'en-US': 'Refreshes the dictionary and parameter caches',
  },
  'job.trigger.cron': { 'zh-CN': '定时', 'en-US': 'Scheduled' },
  'job.trigger.misfire': { 'zh-CN': '错过补偿', 'en-US': 'Misfire' },
  'job.trigger.manual': { 'zh-CN': '手动执行', 'en-US': 'Manual' },

  // cache monitor
  'cache.ns.captcha': { 'zh-CN': '验证码', 'en-US': 'Captcha answers' },
  'cache.ns.session': { 'zh-CN': '登录会话', 'en-US': 'Sign-in sessions' },
  'cache.ns.authz': { 'zh-CN': '用户权限', 'en-US': 'User permissions' },
  'cache.ns.config': { 'zh-CN': '参数配置', 'en-US': 'Parameters' },
  'cache.ns.dict': { 'zh-CN': '数据字典', 'en-US': 'Dictionaries' },
  'cache.ns.pwdErr': { 'zh-CN': '密码错误次数', 'en-US': 'Wrong-password counters' },
  'cache.unknownName': {
    'zh-CN': '缓存名称“{name}”不存在',
    'en-US': 'There is no cache named "{name}"',
  },
  'cache.cleared': { 'zh-CN': '已清除{count}个缓存键', 'en-US': '{count} cache keys cleared' },

  // code generator
  'gen.tableName': {
    'zh-CN': '表名“{name}”不合法或不在当前数据库模式中',
    'en-US': 'The table name "{name}" is not valid or not in the current database schema',
  },
  'gen.tablesRequired': { 'zh-CN': '请选择要导入的表', 'en-US': 'Please choose the tables to import' },
  'gen.alreadyImported': {
    'zh-CN': '表“{name}”已导入',
    'en-US': 'The table "{name}" has already been imported',
  },
  'gen.tableGone': {
    'zh-CN': '表“{name}”已不在数据库中',
    'en-US': 'The table "{name}" no longer exists in the database',
  },
  'gen.noPrimaryKey': {
    'zh-CN': '表“{name}”没有主键，无法生成增删改查代码',
    'en-US': 'The table "{name}" has no primary key, so no CRUD code can be generated',
  },
  'gen.columnMismatch': {
    'zh-CN': '字段{id}不属于该表',
    'en-US': 'Column {id} does not belong to this table',
  },
  'gen.kebab': {
    'zh-CN': '{field}只能包含小写字母、数字和连字符，且以字母开头',
    'en-US': '{field} may contain only lower-case letters, digits and hyphens, starting with a letter',
  },
  'gen.pascal': {
    'zh-CN': '{field}须以大写字母开头，只含字母和数字',
    'en-US': '{field} must start with a capital letter and contain letters and digits only',
  },
} as const satisfies Record<string, Bilingual>;

/** Labels of the fields that validation messages of this area name. */
export const MONITOR_FIELDS: Record<string, Bilingual> = {
  jobId: { 'zh-CN': '任务编号', 'en-US': 'Job id' },
  jobName: { 'zh-CN': '任务名称', 'en-US': 'Job name' },
  jobGroup: { 'zh-CN': '任务分组', 'en-US': 'Job group' },
  invokeTarget: { 'zh-CN': '调用目标', 'en-US': 'Invoke target' },
  cronExpression: { 'zh-CN': 'Cron表达式', 'en-US': 'Cron expression' },
  misfirePolicy: { 'zh-CN': '执行策略', 'en-US': 'Misfire policy' },
  concurrent: { 'zh-CN': '是否并发', 'en-US': 'Concurrent' },
  status: { 'zh-CN': '状态', 'en-US': 'Status' },
  jobLogId: { 'zh-CN': '日志编号', 'en-US': 'Log id' },
  jobLogIds: { 'zh-CN': '日志编号', 'en-US': 'Log ids' },
  jobIds: { 'zh-CN': '任务编号', 'en-US': 'Job ids' },
  count: { 'zh-CN': '次数', 'en-US': 'Count' },
  days: { 'zh-CN': '保留天数', 'en-US': 'Days kept' },
  logs: { 'zh-CN': '日志种类', 'en-US': 'Log kinds' },
  targets: { 'zh-CN': '刷新对象', 'en-US': 'Targets' },
  cacheName: { 'zh-CN': '缓存名称', 'en-US': 'Cache name' },
  cacheKey: { 'zh-CN': '缓存键名', 'en-US': 'Cache key' },
  tables: { 'zh-CN': '表名', 'en-US': 'Table names' },
  tableId: { 'zh-CN': '表编号', 'en-US': 'Table id' },
  tableIds: { 'zh-CN': '表编号', 'en-US': 'Table ids' },
  tableName: { 'zh-CN': '表名称', 'en-US': 'Table name' },
  tableComment: { 'zh-CN': '表描述', 'en-US': 'Table description' },
  className: { 'zh-CN': '实体类名称', 'en-US': 'Entity name' },
  moduleName: { 'zh-CN': '生成模块名', 'en-US': 'Module name' },
  businessName: { 'zh-CN': '生成业务名', 'en-US': 'Business name' },
  functionName: { 'zh-CN': '生成功能名', 'en-US': 'Function name' },
  functionNameEn: { 'zh-CN': '功能英文名', 'en-US': 'Function name (English)' },
  functionAuthor: { 'zh-CN': '作者', 'en-US': 'Author' },
  parentMenuKey: { 'zh-CN': '上级菜单', 'en-US': 'Parent menu' },
  columns: { 'zh-CN': '字段', 'en-US': 'Columns' },
  columnId: { 'zh-CN': '字段编号', 'en-US': 'Column id' },
  columnComment: { 'zh-CN': '字段描述', 'en-US': 'Column description' },
  tsType: { 'zh-CN': 'TS类型', 'en-US': 'TS type' },
  tsField: { 'zh-CN': 'TS属性', 'en-US': 'TS property' },
  queryType: { 'zh-CN': '查询方式', 'en-US': 'Query type' },
  htmlType: { 'zh-CN': '显示类型', 'en-US': 'Display type' },
  dictType: { 'zh-CN': '字典类型', 'en-US': 'Dictionary type' },
};
