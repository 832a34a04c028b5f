import type { LiveMessage } from '@luxgrid/contracts/live';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { session } from '../../app/session';
import { onPush } from '../../app/socket';
import type { CommandStatus, CommState, LiveValues } from './types';

/**
 * What the WebSocket tells about the current project while a lighting screen is open: device
 * state (merged over what the REST call loaded), device events, command lifecycle updates and
 * import progress. Messages of other projects are ignored; switching project forgets everything.
 */

export interface LiveDevice {
  commState?: CommState;
  values: LiveValues;
  /** epoch ms of the newest message merged in */
  ts: number;
  /** the newest event (fault, offline …) since the screen opened */
  event?: { eventType: string; level: string; ts: number };
}

export interface ImportProgress {
  recordId: number;
  status: string;
  total: number;
  processed: number;
  successCount: number;
  failCount: number;
}

type Listener = () => void;
type MessageListener = (message: LiveMessage) => void;

const devices = new Map<number, LiveDevice>();
const deviceListeners = new Map<number, Set<Listener>>();
const commands = new Map<string, { status: CommandStatus; ts: number }>();
const commandListeners = new Map<string, Set<Listener>>();
const imports = new Map<number, ImportProgress>();
const importListeners = new Set<Listener>();
const messageListeners = new Set<MessageListener>();

let started = false;
let projectSeen: string | null = null;

const currentProjectId = () => {
  const id = session.get().currentProject?.id;
  return id === undefined || id === null ? null : String(id);
};

function notify<K>(map: Map<K, Set<Listener>>, key: K) {
  const set = map.get(key);
  if (set) for (const listener of set) listener();
}

function forget() {
  devices.clear();
  commands.clear();
  imports.clear();
  for (const set of deviceListeners.values()) for (const listener of set) listener();
  for (const set of commandListeners.values()) for (const listener of set) listener();
  for (const listener of importListeners) listener();
}

/** Applies one pushed message to the stores (exported for tests). */
export function applyMessage(message: LiveMessage): void {
  const project = currentProjectId();
  if ('projectId' in message && message.projectId !== null && String(message.projectId) !== project) return;
  switch (message.type) {
    case 'device.state':
      for (const item of message.items) {
        const before = devices.get(item.deviceId);
        devices.set(item.deviceId, {
          ...before,
          commState: item.commState ?? before?.commState,
          values: item.values ? { ...before?.values, ...item.values } : (before?.values ?? {}),
          ts: Math.max(item.ts, before?.ts ?? 0),
        });
        notify(deviceListeners, item.deviceId);
      }
      break;
    case 'device.event':
      for (const item of message.items) {
        const before = devices.get(item.deviceId);
        devices.set(item.deviceId, {
          values: {},
          ts: 0,
          ...before,
          event: { eventType: item.eventType, level: item.level, ts: item.ts },
        });
        notify(deviceListeners, item.deviceId);
      }
      break;
    case 'command.update':
      for (const item of message.items) {
        commands.set(item.commandId, { status: item.status, ts: item.ts });
        notify(commandListeners, item.commandId);
      }
      break;
    case 'import.progress': {
      const { recordId, status, total, processed, successCount, failCount } = message;
      imports.set(recordId, { recordId, status, total, processed, successCount, failCount });
      for (const listener of importListeners) listener();
      break;
    }
    case 'alarm.update':
    case 'task.progress':
    case 'schedule.progress':
    case 'app.push':
      break;
    case 'welcome':
    case 'error':
    case 'pong':
      // the socket's own messages: no screen listens to them
      return;
    default:
      // a new kind of project message must be named above, or no screen would ever hear it
      message satisfies never;
      return;
  }
  for (const listener of messageListeners) listener(message);
}

/** Starts listening to the push channel once; the first lighting screen calls it. */
export function ensureLiveFeed(): void {
  if (started) return;
  started = true;
  projectSeen = currentProjectId();
  session.subscribe(() => {
    const now = currentProjectId();
    if (now !== projectSeen) {
      projectSeen = now;
      forget();
    }
  });
  onPush(applyMessage);
}

function subscribeKey<K>(map: Map<K, Set<Listener>>, key: K, listener: Listener) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (!set.size) map.delete(key);
  };
}

export function liveDevice(deviceId: number): LiveDevice | undefined {
  return devices.get(deviceId);
}

/** Parses the list's ISO times and the detail's 'yyyy-MM-dd HH:mm:ss' (browser time). */
export function timeOf(value: string | null | undefined): number {
  if (!value) return 0;
  const parsed = Date.parse(value.includes('T') ? value : value.replace(' ', 'T'));
  return Number.isNaN(parsed) ? 0 : parsed;
}

export interface MergedState {
  commState: CommState;
  values: LiveValues;
  /** epoch ms of the newest data, 0 when never */
  ts: number;
  event?: LiveDevice['event'];
}

/** The loaded state with what arrived later merged over it (the newer one wins). */
export function mergeLive(
  loaded: { commState: CommState; values: LiveValues; ts: number },
  live: LiveDevice | undefined,
): MergedState {
  if (!live) return loaded;
  const newer = live.ts >= loaded.ts;
  return {
    commState: live.commState ?? loaded.commState,
    values: newer ? { ...loaded.values, ...live.values } : { ...live.values, ...loaded.values },
    ts: Math.max(live.ts, loaded.ts),
    event: live.event,
  };
}

/** A device's state: the loaded one, updated by every device.state push for it. */
export function useLiveDevice(
  deviceId: number | null | undefined,
  loaded: { commState: CommState; values: LiveValues; ts: number },
): MergedState {
  ensureLiveFeed();
  const subscribe = useCallback(
    (listener: Listener) => (deviceId ? subscribeKey(deviceListeners, deviceId, listener) : () => undefined),
    [deviceId],
  );
  const live = useSyncExternalStore(subscribe, () => (deviceId ? devices.get(deviceId) : undefined));
  return mergeLive(loaded, live);
}

export function commandStatus(commandId: string): CommandStatus | undefined {
  return commands.get(commandId)?.status;
}

/** A command's status: the loaded one until a command.update says otherwise. */
export function useCommandStatus(commandId: string, loaded: CommandStatus): CommandStatus {
  ensureLiveFeed();
  const subscribe = useCallback(
    (listener: Listener) => subscribeKey(commandListeners, commandId, listener),
    [commandId],
  );
  const live = useSyncExternalStore(subscribe, () => commands.get(commandId));
  return live?.status ?? loaded;
}

export function importProgress(recordId: number): ImportProgress | undefined {
  return imports.get(recordId);
}

function subscribeImports(listener: Listener) {
  importListeners.add(listener);
  return () => {
    importListeners.delete(listener);
  };
}

export function useImportProgress(recordId: number | null): ImportProgress | undefined {
  ensureLiveFeed();
  return useSyncExternalStore(subscribeImports, () => (recordId === null ? undefined : imports.get(recordId)));
}

/** Calls the handler for every pushed message of the current project of the given types. */
export function useLiveMessages(types: readonly LiveMessage['type'][], handler: (message: LiveMessage) => void): void {
  ensureLiveFeed();
  const latest = useRef(handler);
  latest.current = handler;
  const key = types.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    const listener: MessageListener = (message) => {
      if (wanted.has(message.type)) latest.current(message);
    };
    messageListeners.add(listener);
    return () => {
      messageListeners.delete(listener);
    };
  }, [key]);
}

/** Runs `fn` at most once per `ms`, the last call winning (table refreshes on a stream of pushes). */
export function useThrottled(fn: () => void, ms: number): () => void {
  const latest = useRef(fn);
  latest.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const ref = useRef(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      latest.current();
      return;
    }
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      latest.current();
    }, wait);
  });
  return ref.current;
}
