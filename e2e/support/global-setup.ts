import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORTS, type AppName } from './ports';
import { ADMIN_CONTRACT_SKEW, skewedAdminDir, startSkewedAdminBuild } from './skewed-remote';
import { allProcessNames, assertPortsFree, repoRoot, startApi, startApp, stop, waitFor } from './stack';

export default async function globalSetup(): Promise<void> {
  for (const name of allProcessNames()) stop(name); // left over from an interrupted run
  await assertPortsFree();
  for (const dir of ['host', 'mf-user-dashboard', 'mf-agent-softphone', 'mf-admin']) {
    if (!fs.existsSync(path.join(repoRoot, dir, 'dist'))) throw new Error(`${dir}/dist is missing: run \`pnpm build\` first`);
  }
  // A fresh embedded database each run: the API migrates and seeds the demo data into it.
  startApi(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pglite-')));
  const apps: AppName[] = ['host', 'userDashboard', 'agentSoftphone', 'admin'];
  await Promise.all(apps.map(startApp));
  await waitFor(`http://127.0.0.1:${E2E_PORTS.api}/v1/health`);
  // The contract-skew spec's remote takes a minute to build: begun now, it builds while other specs run.
  startSkewedAdminBuild(skewedAdminDir, ADMIN_CONTRACT_SKEW);
}
