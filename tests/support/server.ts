import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Stops the server and starts it again on the same data directory. */
  restart: () => Promise<RunningServer>;
  stop: () => Promise<void>;
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts the built server (scripts/serve.mjs) with the given environment and waits until it answers. A
 * free port is chosen unless `env.PORT` names one (e.g. to put it into SITE_URL).
 */
export async function startServer(
  env: Record<string, string> = {},
  // PGlite allows one process per data directory: every test server gets its own.
  dataDir = mkdtempSync(join(tmpdir(), 'jobboard-server-')),
): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let log = '';
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PGLITE_DIR: join(dataDir, 'pglite'),
      // Enough demo data to have every kind of page, little enough to start in a few seconds.
      DEMO_JOBS: '200',
      DEMO_ORGANIZATIONS: '30',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${url}/api/messages/de`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const halt = async () => {
    // A process killed by a signal keeps exitCode null; signalCode tells that it has ended.
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  return {
    url,
    process: child,
    output: () => log,
    restart: async () => {
      await halt();
      return startServer(env, dataDir);
    },
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs scripts/serve.mjs expecting it to fail; resolves with its exit code and output. */
export async function runServeExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

/** GET without following redirects. */
export function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers });
}
