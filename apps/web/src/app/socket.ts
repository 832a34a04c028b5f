import { type LiveMessage, parseLiveMessage } from '@luxgrid/contracts/live';

/**
 * The push channel: page origin with the scheme swapped to ws, token in the query (spec §7).
 * One socket per signed-in browser tab; every listener gets the frames that are a `LiveMessage`.
 */
type Listener = (message: LiveMessage) => void;

let socket: WebSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<Listener>();

export function socketUrl(token: string, origin = window.location.origin): string {
  return `${origin.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`;
}

export function openSocket(token: string): void {
  if (socket || typeof WebSocket === 'undefined') return;
  const ws = new WebSocket(socketUrl(token));
  socket = ws;
  ws.onmessage = (event) => receive(event.data);
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    // reconnect while still signed in; closeSocket() cancels this
    retryTimer = setTimeout(() => {
      retryTimer = null;
      const current = localStorage.getItem('access_token');
      if (current) openSocket(current);
    }, 10_000);
  };
}

export function closeSocket(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  const ws = socket;
  socket = null;
  ws?.close();
}

/** Hands one received frame to every listener; a frame that is not a `LiveMessage` is dropped. */
function receive(data: unknown): void {
  if (typeof data !== 'string') return;
  const message = parseLiveMessage(data);
  if (!message) return;
  for (const listener of listeners) {
    try {
      listener(message);
    } catch (err) {
      // one screen's failure must not keep the message from the others
      console.error(err);
    }
  }
}

export function onPush(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
