import { createStore, del, get, set, update } from 'idb-keyval';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { RequestError, request } from '../../shared/request';
import { type CrewBody, type CrewStep, myOrderApi, type WorkOrderDetail, type WorkOrderRow } from './api';

/**
 * What the crew's phone keeps when the signal drops (IndexedDB, this browser only):
 * - the last list of the crew member's orders and the detail of each order opened, to work from;
 * - the queue of steps taken offline (accept, arrive, photos with their image, parts, resolve),
 *   each with a client-generated id, sent in order when the signal returns — the server applies a
 *   step once however often it arrives;
 * - the steps the server refused on replay (the order was re-dispatched meanwhile …), with its reason.
 * Nothing else: no other screen's data, no credentials beyond the session the browser already holds.
 */

const store = createStore('luxgrid-crew', 'offline');

export interface QueuedStep {
  opId: string;
  orderId: number;
  step: CrewStep;
  body: CrewBody;
  /** the photo taken offline, sent to /common/upload before the step */
  photo?: { blob: Blob; name: string };
  queuedAt: number;
}
export interface RefusedStep extends QueuedStep {
  reason: string;
}

const userKey = (userId: number | string, what: string) => `${userId}:${what}`;

/* ------------------------------------------------------------------ the copies to work from */

export const saveList = (userId: number, rows: WorkOrderRow[]) => set(userKey(userId, 'orders'), rows, store);
export const loadList = (userId: number) => get<WorkOrderRow[]>(userKey(userId, 'orders'), store);
export const saveOrder = (userId: number, order: WorkOrderDetail) =>
  set(userKey(userId, `order:${order.orderId}`), order, store);
export const loadOrder = (userId: number, orderId: number) =>
  get<WorkOrderDetail>(userKey(userId, `order:${orderId}`), store);

/* ------------------------------------------------------------------ the queue */

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: { queued: QueuedStep[]; refused: RefusedStep[]; sending: boolean } = {
  queued: [],
  refused: [],
  sending: false,
};
let currentUser: number | null = null;

function publish(next: Partial<typeof snapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const l of listeners) l();
}

async function reload() {
  if (currentUser === null) return;
  publish({
    queued: (await get<QueuedStep[]>(userKey(currentUser, 'queue'), store)) ?? [],
    refused: (await get<RefusedStep[]>(userKey(currentUser, 'refused'), store)) ?? [],
  });
}

/** The queue of the signed-in crew member, as a React state. */
export function useCrewQueue(userId: number) {
  useEffect(() => {
    currentUser = userId;
    void reload();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [userId]);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
  );
}

/** Queues a step (kept across reloads) and sends the queue at once when the signal allows. */
export async function enqueue(userId: number, step: Omit<QueuedStep, 'queuedAt'>) {
  currentUser = userId;
  await update<QueuedStep[]>(
    userKey(userId, 'queue'),
    (list = []) => [...list, { ...step, queuedAt: Date.now() }],
    store,
  );
  await reload();
  if (navigator.onLine) await flush();
}

export async function dropRefused(userId: number) {
  await del(userKey(userId, 'refused'), store);
  await reload();
}

/** A failure of the transport (no signal, timeout), as opposed to the server refusing the step. */
const offlineFailure = (error: unknown) => !(error instanceof RequestError) || error.code === undefined;

async function send(s: QueuedStep) {
  const body = { ...s.body };
  if (s.photo) {
    const form = new FormData();
    form.append('file', new File([s.photo.blob], s.photo.name, { type: s.photo.blob.type || 'image/jpeg' }));
    const res = await request<{ code: number; url?: string; fileName?: string; msg?: string }>({
      url: '/common/upload',
      method: 'POST',
      data: form,
      silent: true,
    });
    body.url = res.url ?? res.fileName;
  }
  await myOrderApi.step(s.orderId, s.step, body, { silent: true });
}

let sending: Promise<void> | null = null;

/** Sends the queued steps in order; stops at the first transport failure (still offline). */
export function flush(): Promise<void> {
  sending ??= (async () => {
    const userId = currentUser;
    if (userId === null) return;
    publish({ sending: true });
    try {
      for (;;) {
        const queue = (await get<QueuedStep[]>(userKey(userId, 'queue'), store)) ?? [];
        const next = queue[0];
        if (!next) break;
        try {
          await send(next);
        } catch (error) {
          if (offlineFailure(error)) break;
          const reason = error instanceof Error ? error.message : String(error);
          await update<RefusedStep[]>(userKey(userId, 'refused'), (list = []) => [...list, { ...next, reason }], store);
        }
        await update<QueuedStep[]>(
          userKey(userId, 'queue'),
          (list = []) => list.filter((s) => s.opId !== next.opId),
          store,
        );
        await reload();
      }
    } finally {
      publish({ sending: false });
      await reload();
    }
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/** Whether the browser says it has a network, as a React state. */
export function useOnline() {
  const [online, setOnline] = useState(typeof navigator === 'undefined' ? true : navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** The phone's position, if it gives one within a few seconds. */
export function currentPosition(): Promise<{ longitude: number; latitude: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ longitude: p.coords.longitude, latitude: p.coords.latitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 4000, maximumAge: 60_000 },
    );
  });
}

/** How a queued step changes the order on the phone before the server has it. */
export function applyLocally(
  order: WorkOrderDetail,
  s: Pick<QueuedStep, 'step' | 'body'>,
  by: string,
): WorkOrderDetail {
  const time = new Date().toLocaleString('sv-SE').replace('T', ' ');
  const next = { ...order };
  if (s.step === 'accept') next.state = 'ACCEPTED';
  if (s.step === 'arrive') next.state = 'ON_SITE';
  if (s.step === 'resolve') {
    next.state = 'RESOLVED';
    next.resolution = s.body.resolution ?? '';
    next.parts = [
      ...order.parts,
      ...(s.body.parts ?? []).map((p, i) => ({
        partId: -Date.now() - i,
        model: '',
        unit: '',
        ...p,
        recordBy: by,
        recordTime: time,
      })),
    ];
  }
  if (s.step === 'part' && s.body.name)
    next.parts = [
      ...order.parts,
      {
        partId: -Date.now(),
        name: s.body.name,
        model: s.body.model ?? '',
        quantity: s.body.quantity ?? 1,
        unit: s.body.unit ?? '',
        recordBy: by,
        recordTime: time,
      },
    ];
  return next;
}
