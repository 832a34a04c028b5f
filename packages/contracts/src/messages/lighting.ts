import type { Bilingual } from '../i18n.ts';

/** Messages of devices, models, groups, tags, imports, the device gateway. Keys are prefixed by their area. */
export const LIGHTING_MESSAGES = {
  // spec §8 device messages (English verbatim)
  'lighting.group.noControllable': {
    'zh-CN': '分组内没有可控制的设备',
    'en-US': 'no controllable devices in the group',
  },
  'lighting.config.busy': {
    'zh-CN': '设备正在配置中，不能重复选择',
    'en-US': 'device being configured cannot be reselected',
  },
  'lighting.branch.none': { 'zh-CN': '没有支路配置', 'en-US': 'no branch config' },
  'lighting.map.bbox': {
    'zh-CN': '地图范围不正确：西边界须小于东边界，南边界须小于北边界',
    'en-US': 'the map box is not valid: west must be less than east and south less than north',
  },
  'lighting.map.state': { 'zh-CN': '未知的地图状态：{value}', 'en-US': 'unknown map state: {value}' },
  'lighting.terminal.none': { 'zh-CN': '该设备下没有终端', 'en-US': 'no terminals under the device' },
  'lighting.lampHead.limit': { 'zh-CN': '灯头数量已达上限', 'en-US': 'lamp head count reached limit' },
  'lighting.tag.limit': { 'zh-CN': '标签数量已达上限（非直连终端最多2个）', 'en-US': 'tag limit' },
  'lighting.meter.noAddress': { 'zh-CN': '没有可用的电表地址', 'en-US': 'no available meter addresses' },
  'lighting.switchModule.noAddress': {
    'zh-CN': '没有可用的开关量模块地址',
    'en-US': 'no available switch module addresses',
  },
  'lighting.meter.addressTaken': {
    'zh-CN': '电表地址{address}已被占用',
    'en-US': 'meter address {address} is not available',
  },
  'lighting.switchModule.addressTaken': {
    'zh-CN': '开关量模块地址{address}已被占用',
    'en-US': 'switch module address {address} is not available',
  },
  'lighting.meter.inUse': { 'zh-CN': '电表正在使用中，不能删除', 'en-US': 'meter in use cannot be deleted' },
  'lighting.switchModule.inUse': {
    'zh-CN': '开关量模块正在使用中，不能删除',
    'en-US': 'a module in use cannot be deleted',
  },
  'lighting.model.changeClears': {
    'zh-CN': '更换设备型号将清空设备配置，确认后再提交',
    'en-US': 'changing device model clears configuration',
  },
  'lighting.circuit.none': { 'zh-CN': '没有回路配置，无法操作', 'en-US': 'no circuit configuration, cannot operate' },
  'lighting.circuit.noDo': {
    'zh-CN': '请先为回路选择控制输出（DO）',
    'en-US': 'please select the control output (DO) for the circuit first',
  },
  // control tasks (spec §5: object count)
  'lighting.task.objectCount': { 'zh-CN': '对象数量不能为0或为空', 'en-US': 'object count not 0 or empty' },
  'lighting.task.nothingToRetry': {
    'zh-CN': '该任务没有失败、超时或过期的设备可重试',
    'en-US': 'the task has no failed, timed-out or expired devices to retry',
  },
  'lighting.task.finished': {
    'zh-CN': '任务已结束，无法取消',
    'en-US': 'the task has finished and cannot be canceled',
  },
  'lighting.select.first': { 'zh-CN': '请先选择数据', 'en-US': 'please select data first' },
  'lighting.save.basicFirst': { 'zh-CN': '请先保存基本信息', 'en-US': 'please save basic information first' },
  'lighting.delete.failed': { 'zh-CN': '删除失败！', 'en-US': 'Deletion failed!' },
  'lighting.config.deployFailed': { 'zh-CN': '配置下发失败', 'en-US': 'Configuration deployment failed' },
  'lighting.location.cabinetExists': {
    'zh-CN': '已存在同名配电柜位置点，请关联该位置点或修改名称',
    'en-US': 'a same-name distribution cabinet location exists (associate or rename)',
  },

  // registry rules
  'lighting.uid.format': {
    'zh-CN': 'UID只能包含字母、数字和 - _ : .',
    'en-US': 'A UID may contain only letters, digits and - _ : .',
  },
  'lighting.uid.exists': { 'zh-CN': "UID'{uid}'已存在", 'en-US': "UID '{uid}' already exists" },
  'lighting.name.exists': { 'zh-CN': "名称'{name}'已存在", 'en-US': "The name '{name}' already exists" },
  'lighting.project.required': { 'zh-CN': '请先选择项目', 'en-US': 'Please choose a project first' },
  'lighting.parent.required': {
    'zh-CN': '{type}必须挂在上级设备下',
    'en-US': 'A {type} must be placed under a parent device',
  },
  'lighting.parent.wrongType': {
    'zh-CN': '{type}不能挂在{parentType}下',
    'en-US': 'A {type} cannot be placed under a {parentType}',
  },
  'lighting.parent.cycle': {
    'zh-CN': '上级设备不能是设备自身或其下级',
    'en-US': 'A device cannot be its own ancestor',
  },
  'lighting.parent.otherProject': {
    'zh-CN': '上级设备必须属于同一项目',
    'en-US': 'The parent device must belong to the same project',
  },
  'lighting.model.wrongType': {
    'zh-CN': '型号的设备类型与设备不一致',
    'en-US': "The model's device type does not match the device",
  },
  'lighting.model.inUse': {
    'zh-CN': '型号已被{count}台设备使用，不能删除',
    'en-US': 'The model is used by {count} devices and cannot be deleted',
  },
  'lighting.device.hasChildren': {
    'zh-CN': '设备下还有{count}台下级设备，不能删除',
    'en-US': 'The device still has {count} child devices and cannot be deleted',
  },
  'lighting.phase.required': {
    'zh-CN': '设置了电流变比的支路必须选择相位',
    'en-US': 'a phase is required when a branch has a current ratio',
  },
  'lighting.type.immutable': {
    'zh-CN': '设备类型创建后不能修改',
    'en-US': 'The device type cannot be changed after creation',
  },
  'lighting.secret.noSession': {
    'zh-CN': '该设备不直接连接平台，没有接入密钥',
    'en-US': 'This device does not connect by itself and has no secret',
  },
  'lighting.channel.meshOnly': {
    'zh-CN': '只有ZigBee等组网终端可以设置信道和PANID',
    'en-US': 'Only mesh terminals (ZigBee) have a channel and a PANID',
  },
  'lighting.doIndex.taken': {
    'zh-CN': '开关量模块的DO{doIndex}已被其他回路使用',
    'en-US': 'DO {doIndex} of the switch module is already used by another circuit',
  },
  'lighting.switchModule.otherBox': {
    'zh-CN': '开关量模块必须属于同一配电箱',
    'en-US': 'The switch module must belong to the same distribution box',
  },
  'lighting.pole.wrongType': { 'zh-CN': '所选灯杆不是灯杆设备', 'en-US': 'The chosen pole is not a pole' },
  'lighting.location.otherProject': {
    'zh-CN': '位置点必须属于同一项目',
    'en-US': 'The location point must belong to the same project',
  },
  'lighting.location.inUse': {
    'zh-CN': '位置点已被{count}台设备使用，不能删除',
    'en-US': 'The location point is used by {count} devices and cannot be deleted',
  },
  'lighting.tag.otherProject': { 'zh-CN': '标签必须属于同一项目', 'en-US': 'Tags must belong to the same project' },
  'lighting.group.member.otherProject': {
    'zh-CN': '分组成员必须属于分组所在项目',
    'en-US': "Group members must belong to the group's project",
  },
  'lighting.server.inUse': {
    'zh-CN': '共享服务器只能由平台管理员修改',
    'en-US': 'Only platform administrators may change a shared server',
  },

  // control
  'lighting.operatePwd.required': {
    'zh-CN': '该项目设置了操作密码，请输入操作密码',
    'en-US': 'This project has an operation password: please enter it',
  },
  'lighting.operatePwd.wrong': { 'zh-CN': '操作密码错误', 'en-US': 'The operation password is wrong' },
  'lighting.control.notSupported': {
    'zh-CN': '所选设备不支持该操作',
    'en-US': 'The selected devices do not support this action',
  },
  'lighting.control.sent': {
    'zh-CN': '已下发{count}条指令，离线设备的指令将在上线后送达',
    'en-US': '{count} commands issued; commands to offline devices are delivered when they reconnect',
  },
  'lighting.command.notCancelable': {
    'zh-CN': '只能取消未完成的指令',
    'en-US': 'Only unfinished commands can be canceled',
  },
  'lighting.config.nonDirectOnly': {
    'zh-CN': '只有非直连终端可以下发终端配置',
    'en-US': 'Only non-direct terminals take a terminal configuration',
  },

  // import
  'lighting.import.type': { 'zh-CN': '不支持导入该设备类型', 'en-US': 'This device type cannot be imported' },
  'lighting.import.empty': { 'zh-CN': '导入文件中没有数据行', 'en-US': 'The file has no data rows' },
  'lighting.import.tooMany': {
    'zh-CN': '一次最多导入{max}行',
    'en-US': 'At most {max} rows can be imported at once',
  },
  'lighting.import.headers': {
    'zh-CN': '模板不正确，缺少列：{columns}',
    'en-US': 'Wrong template, missing columns: {columns}',
  },
  'lighting.import.row': { 'zh-CN': '第{row}行：{msg}', 'en-US': 'Row {row}: {msg}' },
  'lighting.import.dupInFile': {
    'zh-CN': "UID'{uid}'在文件中重复",
    'en-US': "UID '{uid}' appears more than once in the file",
  },
  'lighting.import.parentMissing': {
    'zh-CN': "上级设备'{uid}'不存在",
    'en-US': "The parent device '{uid}' does not exist",
  },
  'lighting.import.modelMissing': { 'zh-CN': "型号'{name}'不存在", 'en-US': "The model '{name}' does not exist" },
  'lighting.import.poleMissing': { 'zh-CN': "灯杆'{uid}'不存在", 'en-US': "The pole '{uid}' does not exist" },
  'lighting.import.tagMissing': { 'zh-CN': "标签'{name}'不存在", 'en-US': "The tag '{name}' does not exist" },
  'lighting.import.started': { 'zh-CN': '导入已开始', 'en-US': 'The import has started' },
  'lighting.import.success': { 'zh-CN': '成功', 'en-US': 'Success' },
  'lighting.import.running': { 'zh-CN': '导入进行中', 'en-US': 'The import is running' },
} as const satisfies Record<string, Bilingual>;

/** Labels of the fields that validation messages of this area name. */
export const LIGHTING_FIELDS: Record<string, Bilingual> = {
  uid: { 'zh-CN': 'UID', 'en-US': 'UID' },
  name: { 'zh-CN': '名称', 'en-US': 'Name' },
  deviceType: { 'zh-CN': '设备类型', 'en-US': 'Device type' },
  modelId: { 'zh-CN': '型号', 'en-US': 'Model' },
  projectId: { 'zh-CN': '项目', 'en-US': 'Project' },
  parentId: { 'zh-CN': '上级设备', 'en-US': 'Parent device' },
  parentUid: { 'zh-CN': '上级设备UID', 'en-US': 'Parent UID' },
  poleId: { 'zh-CN': '灯杆', 'en-US': 'Pole' },
  poleUid: { 'zh-CN': '灯杆UID', 'en-US': 'Pole UID' },
  locationId: { 'zh-CN': '位置点', 'en-US': 'Location point' },
  connection: { 'zh-CN': '接入方式', 'en-US': 'Connection' },
  longitude: { 'zh-CN': '经度', 'en-US': 'Longitude' },
  latitude: { 'zh-CN': '纬度', 'en-US': 'Latitude' },
  channel: { 'zh-CN': '信道', 'en-US': 'Channel' },
  panid: { 'zh-CN': 'PANID', 'en-US': 'PANID' },
  phase: { 'zh-CN': '相位', 'en-US': 'Phase' },
  currentRatio: { 'zh-CN': '电流变比', 'en-US': 'Current ratio' },
  switchModuleId: { 'zh-CN': '开关量模块', 'en-US': 'Switch module' },
  doIndex: { 'zh-CN': '控制输出（DO）', 'en-US': 'Control output (DO)' },
  address: { 'zh-CN': '地址', 'en-US': 'Address' },
  commType: { 'zh-CN': '通信方式', 'en-US': 'Communication type' },
  directiveScheme: { 'zh-CN': '指令方案', 'en-US': 'Directive scheme' },
  connectMode: { 'zh-CN': '连接方式', 'en-US': 'Connect mode' },
  rtuProtocol: { 'zh-CN': '单灯组控协议', 'en-US': 'Terminal group protocol' },
  lampHeadLimit: { 'zh-CN': '灯头上限', 'en-US': 'Lamp head limit' },
  channelCount: { 'zh-CN': '路数', 'en-US': 'Channel count' },
  manufacturer: { 'zh-CN': '厂家', 'en-US': 'Manufacturer' },
  action: { 'zh-CN': '操作', 'en-US': 'Action' },
  value: { 'zh-CN': '调光值', 'en-US': 'Dim level' },
  deviceIds: { 'zh-CN': '设备', 'en-US': 'Devices' },
  groupId: { 'zh-CN': '分组', 'en-US': 'Group' },
  tagIds: { 'zh-CN': '标签', 'en-US': 'Tags' },
  tags: { 'zh-CN': '标签', 'en-US': 'Tags' },
  kind: { 'zh-CN': '位置类型', 'en-US': 'Location kind' },
  host: { 'zh-CN': '主机', 'en-US': 'Host' },
  port: { 'zh-CN': '端口', 'en-US': 'Port' },
  protocol: { 'zh-CN': '协议', 'en-US': 'Protocol' },
  operatePwd: { 'zh-CN': '操作密码', 'en-US': 'Operation password' },
  modelName: { 'zh-CN': '型号名称', 'en-US': 'Model name' },
  locationName: { 'zh-CN': '位置点名称', 'en-US': 'Location name' },
  beginTime: { 'zh-CN': '开始时间', 'en-US': 'Start time' },
  endTime: { 'zh-CN': '结束时间', 'en-US': 'End time' },
};
