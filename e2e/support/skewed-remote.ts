import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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
 * Builds the admin remote from a copy of today's tree with `edits` applied, and answers the
 * folder of its build output. The copy links the installed packages (node_modules) instead of
 * installing them, so it builds offline in about the time of the remote's own build.
 */
export function buildSkewedAdmin(workDir: string, edits: ContractEdit[]): string {
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
    if (!text.includes(edit.from)) throw new Error(`skewed build: "${edit.from}" is not in ${edit.file}; update the spec's edits`);
    fs.writeFileSync(file, text.split(edit.from).join(edit.to));
  }
  const adminDir = path.join(workDir, 'mf-admin');
  execFileSync(process.execPath, [path.join(adminDir, 'node_modules', 'webpack', 'bin', 'webpack.js'), '--mode', 'production'], {
    cwd: adminDir,
    stdio: 'pipe',
  });
  return path.join(adminDir, 'dist');
}
