import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORTS } from './ports';
import { repoRoot } from './stack';

/** The packages the admin remote's build reads; the rest of the tree plays no part in it. */
const BUILD_INPUTS = ['mf-admin', 'shared-contracts', 'shared-auth', 'shared-ui', 'tools', 'types', 'package.json', 'pnpm-workspace.yaml', 'tsconfig.base.json'];

/**
 * A contract change made after the admin remote was deployed: each entry renames a field in
 * the copy's contract source and in the remote's code that uses it, as a remote built a week
 * before the rename (or after it, against a host and API that still have the old name) would be.
 */
export interface ContractEdit {
  file: string;
  from: string;
  to: string;
}

const copyInput = (from: string, to: string) =>
  fs.cpSync(from, to, {
    recursive: true,
    verbatimSymlinks: true,
    // Build output and webpack's persistent cache belong to the tree they were made in.
    filter: (src) => !/[\\/](dist|\.cache)$/.test(src),
  });

/**
 * The admin remote as its team deployed it: the account list's `ownerEmail` is `ownerAddress` in
 * its contract, and the AI client update sends `secrets` where today's API takes `credentials`.
 */
export const ADMIN_CONTRACT_SKEW: ContractEdit[] = [
  { file: 'shared-contracts/src/schemas/entities.ts', from: 'ownerEmail', to: 'ownerAddress' },
  { file: 'mf-admin/src/features/account-list/components/account-columns.tsx', from: 'ownerEmail', to: 'ownerAddress' },
  { file: 'mf-admin/src/features/account-edit/components/account-edit-screen.tsx', from: 'ownerEmail', to: 'ownerAddress' },
  { file: 'shared-contracts/src/http/ai-client.ts', from: '  credentials: AiClientCredentials,', to: '  secrets: AiClientCredentials,' },
  { file: 'mf-admin/src/features/ai-client-edit/model/ai-client-form-values.ts', from: 'body.credentials = credentials', to: 'body.secrets = credentials' },
];

/** Where global setup builds the skewed remote; outside the repository, so no lint, type check or test run meets the copy. */
export const skewedAdminDir = path.join(os.tmpdir(), `e2e-skewed-admin-${E2E_PORTS.api}`);
const resultFile = (workDir: string) => path.join(workDir, 'build-result.json');
const pidFile = (workDir: string) => path.join(workDir, 'build.pid');

/**
 * Starts building the admin remote from a copy of today's tree with `edits` applied. The copy
 * links the installed packages (node_modules) instead of installing them, so it builds offline.
 * The build runs in the background at low priority while other tests run; `skewedAdminBuilt`
 * waits for it.
 */
export function startSkewedAdminBuild(workDir: string, edits: ContractEdit[]): void {
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  for (const input of BUILD_INPUTS) {
    const source = path.join(repoRoot, input);
    if (fs.existsSync(source)) copyInput(source, path.join(workDir, input));
  }
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(workDir, 'node_modules'));
  for (const edit of edits) {
    const file = path.join(workDir, edit.file);
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(edit.from)) throw new Error(`skewed build: "${edit.from}" is not in ${edit.file}; update the edits`);
    fs.writeFileSync(file, text.split(edit.from).join(edit.to));
  }
  const adminDir = path.join(workDir, 'mf-admin');
  const child = spawn(process.execPath, [path.join(adminDir, 'node_modules', 'webpack', 'bin', 'webpack.js'), '--mode', 'production', '--no-optimization-minimize'], {
    cwd: adminDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) {
    os.setPriority(child.pid, 10);
    fs.writeFileSync(pidFile(workDir), String(child.pid));
  }
  let output = '';
  child.stdout.on('data', (d) => { output = (output + d).slice(-4000); });
  child.stderr.on('data', (d) => { output = (output + d).slice(-4000); });
  child.on('close', (code) => {
    if (fs.existsSync(workDir)) fs.writeFileSync(resultFile(workDir), JSON.stringify({ code, output }));
  });
}

/** Waits for the build `startSkewedAdminBuild` began and answers the folder of its output. */
export async function skewedAdminBuilt(workDir: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(resultFile(workDir))) {
    if (Date.now() > deadline) throw new Error(`the skewed admin build in ${workDir} did not finish in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { code, output } = JSON.parse(fs.readFileSync(resultFile(workDir), 'utf8')) as { code: number | null; output: string };
  if (code !== 0) throw new Error(`the skewed admin build failed (exit ${code}):\n${output}`);
  return path.join(workDir, 'mf-admin', 'dist');
}

/** Stops a build still running (a run of a few specs ends before it) and removes the copy. */
export function removeSkewedAdmin(workDir: string): void {
  if (fs.existsSync(pidFile(workDir)) && !fs.existsSync(resultFile(workDir))) {
    try { process.kill(Number(fs.readFileSync(pidFile(workDir), 'utf8')), 'SIGTERM'); } catch { /* already gone */ }
  }
  fs.rmSync(workDir, { recursive: true, force: true });
}
