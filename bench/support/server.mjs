// Starts the built server (dist/) on a free loopback port with its own embedded database, for benchmarks.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  environment as serverEnvironment,
  nodeOptions as serverNodeOptions,
} from '../../scripts/server-node-options.cjs';

export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** Resolves once the site at `origin` answers; throws when `hasExited()` turns true or after 2 minutes. */
export async function waitUntilAnswering(origin, hasExited) {
  for (let attempt = 0; ; attempt++) {
    if (hasExited()) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${origin}/api/messages/de`)).ok) return;
    } catch {
      if (attempt > 1200) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function graphqlAt(origin, query) {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** The paths of up to `count` different open jobs of the site at `origin`, spread over the newest 10,000. */
export async function jobPathsAt(origin, count) {
  const { total } = (await graphqlAt(origin, '{ latestJobs(limit: 1) { total } }')).latestJobs;
  const pages = Math.ceil(count / 10);
  const step = Math.max(10, Math.floor(Math.min(total, 10_000) / pages));
  const paths = new Set();
  for (let page = 0; page < pages; page++) {
    const { jobs } = (await graphqlAt(origin, `{ latestJobs(limit: 10, offset: ${page * step}) { jobs { url } } }`))
      .latestJobs;
    for (const job of jobs) paths.add(job.url);
  }
  return [...paths].slice(0, count);
}

/**
 * Resolves once the server answers; `stop()` ends it and removes its data (unless `pgliteDir` was given:
 * a directory of the caller's is kept, so a seeded database can be reused). The server runs with the Node
 * options and environment of `npm run serve` (scripts/server-node-options.cjs); `nodeArgs` follow them,
 * before the script (e.g. `--inspect`, or another `--max-old-space-size`, which wins); `onSpawn` sees the
 * child before it answers (an inspector can attach then).
 */
export async function startBuiltServer(env = {}, { nodeArgs = [], pgliteDir, onSpawn } = {}) {
  if (!existsSync('dist/server/entry.mjs')) {
    console.error('No build in dist/: run `npm run build` first.');
    process.exit(1);
  }
  const port = await freePort();
  const dataDir = pgliteDir ? null : mkdtempSync(join(tmpdir(), 'bench-server-'));
  const server = spawn(process.execPath, [...serverNodeOptions, ...nodeArgs, 'scripts/serve.mjs'], {
    env: {
      ...process.env,
      ...serverEnvironment,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: pgliteDir ?? join(dataDir, 'pglite'),
      // Uploads (and the demo data's raster pictures) beside its own database, removed with it.
      ...(dataDir ? { UPLOAD_DIR: join(dataDir, 'uploads') } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  try {
    await onSpawn?.(server);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(origin, () => server.exitCode !== null);
  return {
    origin,
    pid: server.pid,
    /** Milliseconds from spawning the process until it answered (includes seeding on a first start). */
    startMilliseconds: performance.now() - started,
    /** The path of the newest open job. */
    async latestJobPath() {
      return (await graphqlAt(origin, '{ latestJobs(limit: 1) { jobs { url } } }')).latestJobs.jobs[0].url;
    },
    /** The paths of up to `count` different open jobs, spread over the whole list (newest to oldest). */
    jobPaths: (count) => jobPathsAt(origin, count),
    /** The resident set size of the server process, in bytes (Linux /proc). */
    residentBytes() {
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
    },
    /** CPU time the server process has used so far (user + system), in milliseconds (Linux /proc). */
    cpuMilliseconds() {
      const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        await once(server, 'exit');
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
