import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
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
  /** Stops the server and keeps its data directory (to change it before starting a server on it again). */
  halt: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Listening sockets of reserved ports, kept until a server process takes them over. */
const reserved = new Map<number, Server>();

/**
 * A port on loopback that stays bound until a server started with it takes the socket over
 * (startServer hands it to the child), so no other process can grab it in between. Use it when the port
 * must be known first (e.g. for SITE_URL); `releasePort` frees it for a process that binds by itself.
 */
export async function reservePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  reserved.set(address.port, server);
  return address.port;
}

/** Frees a reserved port for a process that must bind it itself (PM2 cluster workers). */
export async function releasePort(port: number): Promise<void> {
  const server = reserved.get(port);
  reserved.delete(port);
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Starts the built server (scripts/serve.mjs) with the given environment and waits until it answers. It
 * listens on a socket this process has bound (a new one, or `env.PORT` from reservePort, e.g. to put it
 * into SITE_URL) and hands over through IPC: ports are bound, never guessed.
 */
export async function startServer(
  env: Record<string, string> = {},
  // PGlite allows one process per data directory: every test server gets its own.
  dataDir = mkdtempSync(join(tmpdir(), 'jobboard-server-')),
): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await reservePort();
  const socket = reserved.get(port);
  if (!socket) throw new Error(`port ${port} was not reserved with reservePort()`);
  let log = '';
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PGLITE_DIR: join(dataDir, 'pglite'),
      // Uploads (the demo data's raster pictures among them) beside the database, removed with it.
      UPLOAD_DIR: process.env.UPLOAD_DIR ?? join(dataDir, 'uploads'),
      // Enough demo data to have every kind of page, little enough to start in a few seconds.
      DEMO_JOBS: '200',
      DEMO_ORGANIZATIONS: '30',
      ...env,
      LISTEN_HANDLE_FROM_PARENT: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  // The server asks for the socket once it is ready to listen; it keeps its own copy from then on. Until
  // then nobody may connect: this process would accept the connection and never answer it.
  let handedOver = false;
  child.once('message', () => {
    child.send('listen-handle', socket, () => {
      reserved.delete(port);
      socket.close();
      handedOver = true;
    });
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      if (handedOver) {
        const response = await fetch(`${url}/api/messages/de`, { signal: AbortSignal.timeout(5000) });
        if (response.ok) break;
      }
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
    halt,
    restart: async () => {
      await halt();
      // The same port again when it was chosen by the caller (SITE_URL may name it).
      return startServer(env.PORT ? { ...env, PORT: String(await reservePortAgain(port)) } : env, dataDir);
    },
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Binds a port that a stopped server used, so a restart keeps its address. */
async function reservePortAgain(port: number): Promise<number> {
  const server = createServer();
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  reserved.set(port, server);
  return port;
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
