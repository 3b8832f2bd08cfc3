// Serves the built host and the three remotes, each on its own port (no API).
import { APPS, serveApp } from './serve-app.mjs';

await Promise.all(Object.keys(APPS).map((name) => serveApp(name)));
console.info(Object.entries(APPS).map(([name, app]) => `${name}: http://localhost:${app.port}`).join('\n'));
