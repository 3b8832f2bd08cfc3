import net from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance is stopping: from SIGTERM (main.ts) or `app.close`, whichever comes first. */
    stopping: {
      readonly active: boolean;
      /** Stops accepting connections; the open ones go on being answered. */
      begin(): void;
      /** Runs `listener` once, when the instance starts stopping. */
      onStop(listener: () => void): void;
      /** Resolves once no HTTP request is in flight (WebSockets are not requests). */
      requestsDone(): Promise<void>;
    };
  }
}

/**
 * While the instance stops, each answer closes its connection (a keep-alive client such as the
 * load balancer goes to another instance) and readiness answers 503.
 */
export function registerStopping(app: FastifyInstance): void {
  let active = false;
  let inFlight = 0;
  const listeners: Array<() => void> = [];
  const markStopping = () => {
    if (active) return;
    active = true;
    for (const listener of listeners) listener();
  };
  const idle: Array<() => void> = [];
  app.server.on('request', (_req, res) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
    });
  });
  app.decorate('stopping', {
    get active() {
      return active;
    },
    begin() {
      markStopping();
      // net.Server's close, not http.Server's: that one also drops idle kept-alive connections at
      // once, under any request a load balancer is sending down one. New connections are refused,
      // which a load balancer retries on another instance; open ones close after their next answer.
      if (app.server.listening) net.Server.prototype.close.call(app.server);
    },
    onStop(listener) {
      listeners.push(listener);
    },
    requestsDone() {
      return inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve));
    },
  });
  app.addHook('preClose', async () => {
    markStopping();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (active) reply.header('connection', 'close');
  });
}
