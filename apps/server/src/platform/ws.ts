import fastifyWebsocket from '@fastify/websocket';
import { type LiveMessage, liveRequest, type ProjectLiveMessage } from '@luxgrid/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Cache } from './cache.ts';
import type { Ctx, Deps } from './context.ts';
import { authenticate } from './http.ts';
import { SqlParams, scopeSql } from './scope.ts';

/** Who a pushed message is for: every viewer of this customer that watches this project (or all projects). */
export interface PushScope {
  clientId: number;
  /** null: every project of the customer */
  projectId: number | null;
  /** only these users' viewers (a message addressed to people, not to a project's screens) */
  userIds?: readonly number[];
}

interface Viewer {
  socket: WebSocket;
  ctx: Ctx;
  /** null = every customer (platform users only) */
  clientId: number | null;
  /** null = every project of the customer */
  projectId: number | null;
}

const CHANNEL = 'ws:push';
const REVALIDATE_MS = 60_000;
/** A viewer that does not read fast enough loses messages rather than the server's memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Pushes to browsers. Every server process subscribes to one pub/sub channel and hands each
 * message to its own sockets whose viewer may see it, so a message published by any process
 * reaches every browser (in-process cache: one process; Redis: all of them).
 */
export class WsHub {
  private readonly viewers = new Set<Viewer>();
  private started = false;
  sent = 0;

  constructor(private readonly cache: Cache) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.cache.subscribe(CHANNEL, (raw) => this.deliver(raw));
  }

  get size(): number {
    return this.viewers.size;
  }

  /** Hands a message to every viewer in `scope`, in every process. */
  async publish(scope: PushScope, message: ProjectLiveMessage): Promise<void> {
    if (!this.started) return;
    await this.cache.publish(
      CHANNEL,
      JSON.stringify({
        c: scope.clientId,
        p: scope.projectId,
        m: message,
        ...(scope.userIds ? { u: scope.userIds } : {}),
      }),
    );
  }

  private deliver(raw: string) {
    if (!this.viewers.size) return;
    const { c, p, m, u } = JSON.parse(raw) as { c: number; p: number | null; m: unknown; u?: number[] };
    let text: string | null = null;
    for (const viewer of this.viewers) {
      if (viewer.clientId !== null && viewer.clientId !== c) continue;
      if (p !== null && viewer.projectId !== null && viewer.projectId !== p) continue;
      if (u && !u.includes(viewer.ctx.principal.userId)) continue;
      if (viewer.socket.readyState !== viewer.socket.OPEN) continue;
      if (viewer.socket.bufferedAmount > MAX_BUFFERED_BYTES) continue;
      text ??= JSON.stringify(m);
      viewer.socket.send(text);
      this.sent++;
    }
  }

  attach(viewer: Viewer): void {
    this.viewers.add(viewer);
    viewer.socket.on('close', () => this.viewers.delete(viewer));
  }

  /** Drops viewers whose session has ended (signed out, forced out, expired). */
  async revalidate(deps: Deps): Promise<void> {
    for (const viewer of this.viewers) {
      const session = await deps.sessions.get(viewer.ctx.session.tokenId).catch(() => null);
      if (!session) viewer.socket.close(4401, 'session ended');
    }
  }

  close(): void {
    for (const viewer of this.viewers) viewer.socket.close(1001, 'server shutting down');
    this.viewers.clear();
  }
}

/** Answers one socket (welcome, error, pong); project messages go through `WsHub.publish`. */
function reply(socket: WebSocket, message: LiveMessage): void {
  socket.send(JSON.stringify(message));
}

async function projectVisible(deps: Deps, clientId: number | null, projectId: number): Promise<boolean> {
  const p = new SqlParams(projectId);
  const rows = await deps.database.query(
    `select 1 from biz_project where project_id = $1 and del_flag = '0' and ${scopeSql({ clientId }, p)}`,
    p.values,
  );
  return rows.length > 0;
}

/**
 * `/ws?token=…&projectId=…`: a signed-in viewer receives the live messages of its customer and
 * chosen project. A viewer may switch project by sending {"type":"subscribe","projectId":N}.
 * Every message is a `LiveMessage` (packages/contracts/src/live.ts, docs/architecture.md).
 */
export async function registerWebSocket(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const timer = setInterval(() => void deps.ws.revalidate(deps), REVALIDATE_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    deps.ws.close();
  });
  app.get(
    '/ws',
    // the handshake itself is open so that a refusal reaches the browser as a close code (4401), not a half-open socket
    { websocket: true, config: { public: true }, schema: { hide: true } },
    async (socket, request) => {
      const ctx = request.ctx ?? (await authenticate(deps, request));
      if (!ctx) return socket.close(4401, 'not signed in');
      // nothing is pushed to a user who has yet to replace an initial password
      if (ctx.principal.pwdMustChange) return socket.close(4403, 'password must change');
      const viewer: Viewer = { socket, ctx, clientId: ctx.clientId, projectId: null };
      if (ctx.projectId !== null) {
        if (!(await projectVisible(deps, ctx.clientId, ctx.projectId))) return socket.close(4404, 'no such project');
        viewer.projectId = ctx.projectId;
      }
      socket.on('message', (data) => {
        void (async () => {
          let raw: unknown;
          try {
            raw = JSON.parse(String(data));
          } catch {
            return;
          }
          const parsed = liveRequest.safeParse(raw);
          if (!parsed.success) return;
          const msg = parsed.data;
          if (msg.type === 'subscribe') {
            const projectId = msg.projectId === null ? null : Number(msg.projectId);
            if (
              projectId !== null &&
              !(Number.isSafeInteger(projectId) && (await projectVisible(deps, ctx.clientId, projectId)))
            ) {
              reply(socket, { type: 'error', msg: 'no such project' });
              return;
            }
            viewer.projectId = projectId;
            reply(socket, { type: 'welcome', clientId: viewer.clientId, projectId });
          } else reply(socket, { type: 'pong' });
        })();
      });
      deps.ws.attach(viewer);
      reply(socket, { type: 'welcome', clientId: viewer.clientId, projectId: viewer.projectId });
    },
  );
}
