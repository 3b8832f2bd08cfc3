// Serves the built host and the three remotes, each on its own port (no API).
import { APPS, FEDERATED_APPS, serveApp } from './serve-app.mjs';

await Promise.all(FEDERATED_APPS.map((name) => serveApp(name)));
console.info(FEDERATED_APPS.map((name) => `${name}: http://localhost:${APPS[name].port}`).join('\n'));
