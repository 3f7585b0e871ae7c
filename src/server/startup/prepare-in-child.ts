/**
 * `prepareDatabase` in a child process (scripts/serve.mjs). Migrating and seeding in the server's own
 * process left 280–390 MB behind (decision 0011): the closed PGlite instance's WebAssembly memory until V8
 * happened to collect it, 42 MB of decoded gazetteer for good, and what malloc does not give back (a worker
 * thread frees its isolate on exit, but not the 160–200 MB its compilation left in malloc's arenas). A
 * child process returns all of it when it exits, and has closed its PGlite instance by then, so the server
 * can open the data directory.
 *
 * A server killed while seeding must not leave the child writing to the directory that the next server
 * opens: on Linux the child is started through `setpriv --pdeathsig SIGKILL`, so the kernel ends it with
 * its parent; elsewhere it stops before its next statement (prepare-database-child.ts).
 *
 * Imports nothing of the database itself, so the server never loads the seed modules.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The child's old-space limit: the server runs with a small one (package.json, ecosystem.config.cjs), and
 * seeding a large demo corpus needs more, briefly.
 */
export const preparingHeapMegabytes = 2048;

const setpriv = '/usr/bin/setpriv';

/** The server's Node options for the child, without its heap limit and inspector (the port is taken). */
export function childExecArgv(execArgv: readonly string[]): string[] {
  return [
    ...execArgv.filter(
      (argument) => !/^--(max-old-space-size|max-semi-space-size|inspect(-brk|-wait|-port)?)(=|$)/.test(argument),
    ),
    `--max-old-space-size=${preparingHeapMegabytes}`,
  ];
}

/**
 * Resolves once the child has prepared the database and exited. The child writes its own log lines and,
 * on failure, its error to the inherited stdout and stderr; this rejects naming its exit code.
 */
export function prepareDatabaseInChild(): Promise<void> {
  const command = [
    process.execPath,
    ...childExecArgv(process.execArgv),
    fileURLToPath(new URL('./prepare-database-child.ts', import.meta.url)),
  ];
  const [file = process.execPath, ...args] = existsSync(setpriv)
    ? [setpriv, '--pdeathsig', 'SIGKILL', ...command]
    : command;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`Preparing the database failed (${signal ?? `exit code ${code}`}); see the error above.`));
    });
  });
}
