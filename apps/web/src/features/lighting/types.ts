import type { DeviceModelRow, GroupRow, LocationRow, ServerRow, TagRow } from '@luxgrid/contracts/answers';
import type { DEVICE_TYPE_CODES } from '@luxgrid/contracts/enums';

export type DeviceType = DEVICE_TYPE_CODES;
export type CommState = 'INIT' | 'ON' | 'OFF';
export type Connection = 'DIRECT' | 'NON_DIRECT';
export type LiveValues = Record<string, unknown>;

/** A row of GET /lighting/device/list. */
export interface DeviceRow {
  deviceId: number;
  projectId: number;
  uid: string;
  name: string;
  deviceType: DeviceType;
  modelId: number | null;
  modelName: string | null;
  parentId: number | null;
  gatewayId: number | null;
  connection: Connection | null;
  commState: CommState;
  configState: string | null;
  longitude: number | null;
  latitude: number | null;
  located: 'LOCATED' | 'UNLOCATED';
  lastSeen: string | null;
  dataTs: string | null;
  live: LiveValues;
  /** faulty now (active fault codes), as the home figures count it */
  fault: boolean;
  /** active fault codes (event types) with the time each was raised */
  faultCodes: Record<string, string>;
  /** a lamp head: the controller whose values `live` shows */
  liveFrom: { deviceId: number; uid: string } | null;
}

export interface DeviceRef {
  deviceId: number;
  uid: string;
  name: string;
  deviceType: DeviceType;
}

/** GET /lighting/device/{id}. */
export interface DeviceDetail {
  deviceId: number;
  clientId: number;
  projectId: number;
  uid: string;
  name: string;
  deviceType: DeviceType;
  modelId: number | null;
  parentId: number | null;
  gatewayId: number | null;
  poleId: number | null;
  locationId: number | null;
  connection: Connection | null;
  commType: number | null;
  longitude: number | null;
  latitude: number | null;
  channel: number | null;
  panid: number | null;
  phase: string | null;
  currentRatio: number | null;
  switchModuleId: number | null;
  doIndex: number | null;
  address: number | null;
  meterId: number | null;
  configState: string | null;
  commState: CommState;
  sort: number;
  remark: string;
  located: 'LOCATED' | 'UNLOCATED';
  hasSecret: boolean;
  createTime: string | null;
  updateTime: string | null;
  config: Record<string, unknown> | null;
  model: {
    modelId: number;
    name: string;
    commType: number;
    lampHeadLimit: number | null;
    channelCount: number | null;
  } | null;
  parent: DeviceRef | null;
  session: DeviceRef | null;
  pole: DeviceRef | null;
  childCount: number;
  tags: { tagId: number; name: string }[];
  groups: { groupId: number; name: string }[];
  live: {
    online: boolean;
    lastSeen: string | null;
    dataTs: string | null;
    firmware: string | null;
    values: LiveValues;
    /** a lamp head: the controller whose values these are */
    from: DeviceRef | null;
  };
  fault: boolean;
  faultCodes: Record<string, string>;
}

/** One node of GET /lighting/device/tree. */
export interface TreeNodeRow {
  deviceId: number;
  uid: string;
  name: string;
  deviceType: DeviceType;
  commState: CommState;
  connection: Connection | null;
  fault: boolean;
  childCount: number;
  isLeaf: boolean;
}

export interface TreePage {
  nodes: TreeNodeRow[];
  hasMore: boolean;
  nextAfterId: number | null;
}

/** POST/PUT /lighting/device body. */
export interface DeviceForm {
  deviceId?: number;
  projectId: number;
  uid: string;
  name: string;
  deviceType: DeviceType;
  modelId?: number | null;
  parentId?: number | null;
  poleId?: number | null;
  locationId?: number | null;
  createLocation?: boolean;
  connection?: Connection;
  longitude?: number | null;
  latitude?: number | null;
  channel?: number | null;
  panid?: number | null;
  phase?: string | null;
  currentRatio?: number | null;
  switchModuleId?: number | null;
  doIndex?: number | null;
  meterId?: number | null;
  address?: number | null;
  tagIds?: number[];
  confirmModelChange?: boolean;
  sort?: number;
  remark?: string;
}

export interface CreatedDevice {
  deviceId: number;
  deviceIds: number[];
  uids: string[];
  mqttUserName: string | null;
  secret: string | null;
}

export interface Credential {
  deviceId?: number;
  uid?: string;
  mqttUserName: string;
  secret: string;
}

/** Add/edit forms of the registry: rows whose server-filled fields are not known yet. */
export type DeviceModelForm = Partial<DeviceModelRow> & Pick<DeviceModelRow, 'name' | 'deviceType' | 'commType'>;
export type TagForm = Partial<TagRow> & Pick<TagRow, 'projectId' | 'name'>;
export type GroupForm = Partial<GroupRow> & Pick<GroupRow, 'projectId' | 'name'>;

export type LocationKind = 'CABINET' | 'POLE' | 'OTHER';

export type LocationForm = Partial<LocationRow> & Pick<LocationRow, 'projectId' | 'name' | 'kind'>;
export type ServerForm = Partial<ServerRow> & Pick<ServerRow, 'name' | 'protocol' | 'host' | 'port' | 'enabled'>;

export type CommandStatus =
  | 'PENDING'
  | 'SENT'
  | 'DELIVERED'
  | 'SUCCESS'
  | 'FAILED'
  | 'TIMEOUT'
  | 'EXPIRED'
  | 'CANCELED';

export type ControlAction =
  | 'LIGHT_ON'
  | 'LIGHT_OFF'
  | 'LIGHT_DIMMING'
  | 'BREAKER_ON'
  | 'BREAKER_OFF'
  | 'calling'
  | 'restart'
  | 'timing'
  | 'clockcalling';

/** A row of GET /lighting/command/list. */
export interface CommandRow {
  commandId: string;
  batchId: string;
  deviceId: number;
  uid: string | null;
  name: string | null;
  deviceType: DeviceType | null;
  action: string;
  value: number | null;
  status: CommandStatus;
  /** a command cancelled after it was sent: whether the device confirmed the cancel */
  cancelState?: 'SENT' | 'CONFIRMED' | 'TOO_LATE' | null;
  attempts: number;
  result: Record<string, unknown> | null;
  error: string | null;
  operName: string;
  createTime: string | null;
  sentTime: string | null;
  deliveredTime: string | null;
  finishTime: string | null;
  expireTime: string | null;
}

export interface ControlRequest {
  action: ControlAction;
  deviceIds?: number[];
  groupId?: number;
  value?: number;
  operatePwd?: string;
  ttlMinutes?: number;
}

/** What a control task is applied to (POST /lighting/task). */
export type TaskTargetKind = 'DEVICE' | 'GROUP' | 'TAG' | 'BOX' | 'PROJECT';
export interface TaskApplyRequest {
  projectId: number;
  targetKind: TaskTargetKind;
  targetIds?: number[];
  action: ControlAction;
  value?: number;
  operatePwd?: string;
}
/** A task with its devices per lifecycle state. */
export interface TaskDetail {
  batchId: string;
  projectId: number;
  source: string;
  action: ControlAction;
  value: number | null;
  total: number;
  targetKind: TaskTargetKind | null;
  parentBatchId: string | null;
  operName: string;
  createTime: string;
  counts: Record<CommandStatus, number>;
  done: boolean;
}

export interface ControlResult {
  batchId: string;
  total: number;
  sent: number;
}

export interface RuntimeEvent {
  eventId: number;
  deviceId: number;
  uid: string | null;
  name: string | null;
  deviceType: DeviceType | null;
  eventType: string;
  level: string | null;
  data: Record<string, unknown> | null;
  ts: string;
}

export interface TerminalConfigRow {
  deviceId: number;
  uid: string;
  name: string;
  deviceType: DeviceType;
  configState: string;
  channel: number | null;
  panid: number | null;
  commState: CommState;
  config: Record<string, unknown> | null;
  gatewayUid: string | null;
}

export interface BatchQueryRow {
  batchId: string;
  projectId: number;
  name: string | null;
  action: string;
  total: number;
  operName: string;
  createTime: string;
  successCount: number;
  failCount: number;
  waitingCount: number;
}

export interface ImportRecordRow {
  recordId: number;
  projectId: number;
  deviceType: DeviceType;
  fileName: string;
  status: 'RUNNING' | 'DONE' | 'FAILED' | string;
  total: number;
  processed: number;
  successCount: number;
  failCount: number;
  operName: string;
  createTime: string;
  finishTime: string | null;
  message?: string;
}

export interface ImportDetailRow {
  detailId: number;
  rowNo: number;
  uid: string | null;
  name: string | null;
  result: 'SUCCESS' | 'FAIL';
  message: string;
}

export interface TelemetryPoint {
  t: number;
  values: Record<string, unknown>;
}
