import { readFile, rm, writeFile } from 'node:fs/promises';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claims a PGlite data directory for this process with a `<dir>.lock` file holding our pid.
 * PGlite does not lock its folder, and two processes writing one folder can corrupt it, so a
 * second `pnpm start` on the same folder stops here with a clear message. A lock left by a
 * process that died is taken over. Returns the function that releases it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = `${dataDir.replace(/\/+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, String(process.pid), { flag: 'wx' });
      return () => rm(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(await readFile(path, 'utf8').catch(() => ''));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new Error(`Another process (pid ${holder}) is using the embedded database in ${dataDir}; stop it or set DATA_DIR`);
      }
      await rm(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
