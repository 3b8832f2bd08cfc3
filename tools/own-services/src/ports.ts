import { connect, createServer } from 'node:net';

/** A TCP port nobody listens on at the moment it is asked (the caller binds it right after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on the port right now. */
export function listening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once something accepts TCP connections on the port; fails after `timeoutMs`. */
export async function untilConnectable(port: number, timeoutMs = 15_000, host = '127.0.0.1'): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await listening(port, host)) return;
    if (Date.now() > end) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
