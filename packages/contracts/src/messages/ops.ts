import type { Bilingual } from '../i18n.ts';

/** Messages of operation and maintenance: work orders, the crew's orders, maintenance teams. */
export const OPS_MESSAGES = {
  'ops.sla.order': {
    'zh-CN': '接单时限不能超过处理时限',
    'en-US': 'The time to accept cannot exceed the time to resolve',
  },
  'ops.dispatch.whom': { 'zh-CN': '请选择班组或处理人', 'en-US': 'Choose a team or a person' },
  'ops.team.time': { 'zh-CN': '{field}须为 HH:mm 格式', 'en-US': '{field} must be HH:mm' },
  'ops.order.state': {
    'zh-CN': '工单当前状态为{state}，不能进行此操作',
    'en-US': 'The work order is {state}; this step cannot be taken now',
  },
  'ops.order.deviceOpen': {
    'zh-CN': '该设备已有未关闭的工单 {orderNo}',
    'en-US': 'This device already has an open work order {orderNo}',
  },
  'ops.order.notYours': {
    'zh-CN': '该工单未派给您或您的班组',
    'en-US': 'This work order is not assigned to you or your team',
  },
  'ops.order.deviceNotFound': { 'zh-CN': '设备不存在或不属于该项目', 'en-US': 'The device is not in this project' },
  'ops.order.projectNotFound': { 'zh-CN': '项目不存在', 'en-US': 'The project does not exist' },
  'ops.order.userNotFound': {
    'zh-CN': '处理人不存在或不属于该客户',
    'en-US': 'The person is not a user of this customer',
  },
  'ops.order.teamNotFound': { 'zh-CN': '班组不存在或已停用', 'en-US': 'The team does not exist or is disabled' },
  'ops.order.teamProject': {
    'zh-CN': '班组 {team} 不负责该工单的项目',
    'en-US': 'Team {team} does not cover the project of this work order',
  },
  'ops.order.photoFile': {
    'zh-CN': '照片文件不存在，请重新上传',
    'en-US': 'The photo file was not found; upload it again',
  },
  'ops.team.nameExists': { 'zh-CN': '班组名称 {name} 已存在', 'en-US': 'Team {name} already exists' },
  'ops.team.userNotFound': {
    'zh-CN': '用户 {ids} 不存在或不属于该客户',
    'en-US': 'Users {ids} do not exist or belong to another customer',
  },
  'ops.team.projectNotFound': {
    'zh-CN': '项目 {ids} 不存在或不属于该客户',
    'en-US': 'Projects {ids} do not exist or belong to another customer',
  },
  'ops.team.inUse': {
    'zh-CN': '班组 {name} 还有未关闭的工单，不能删除',
    'en-US': 'Team {name} still has open work orders and cannot be deleted',
  },
} satisfies Record<string, Bilingual>;
