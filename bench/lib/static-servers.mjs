import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serveApp = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'serve-app.mjs');

/** Serves each app from a process of its own (scripts/serve-app.mjs), as a static host would:
 *  in the process driving the browser, file responses waited behind its CDP traffic. */
export async function startStaticServers(names, ports) {
  const children = names.map((name) => fork(serveApp, [name, String(ports[name])], {
    env: { ...process.env, APP_PORTS: JSON.stringify(ports), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  }));
  await Promise.all(names.map((name) => answering(`http://127.0.0.1:${ports[name]}/`)));
  return {
    stop: () => Promise.all(children.map((child) => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }))),
  };
}

async function answering(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
