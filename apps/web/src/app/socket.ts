/** The push channel: page origin with the scheme swapped to ws, token in the query (spec §7). */
export interface PushMessage {
  type: string;
  payload: unknown;
}

type Listener = (message: PushMessage) => void;

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
  ws.onmessage = (event) => {
    try {
      const message = JSON.parse(String(event.data)) as PushMessage;
      for (const listener of listeners) listener(message);
    } catch {
      // not one of ours
    }
  };
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

export function onPush(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
