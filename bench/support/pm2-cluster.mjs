// Starts the built server as `npm run pm2:start` does (PM2 cluster workers on PostgreSQL), with a PM2 home of
// its own, so a benchmark can measure the production set-up: its workers' pids, resident sizes and V8 heaps.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitUntilAnswering } from './server.mjs';

/** The resident set size of a process, in bytes (Linux /proc); NaN when it is gone. */
export function residentBytesOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * Resolves once the cluster answers; `stop()` kills its PM2 daemon and removes the PM2 home. `workers` is
 * passed to `pm2 start -i`.
 */
export async function startPm2Cluster({ databaseUrl, workers = 2, env = {} }) {
  const port = await freePort();
  const pm2Home = mkdtempSync(join(tmpdir(), 'bench-pm2-'));
  const origin = `http://127.0.0.1:${port}`;
  const clusterEnv = {
    ...process.env,
    PM2_HOME: pm2Home,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: origin,
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-pm2-secret-0123456789abcdef0123456789',
    ...env,
  };
  const pm2 = (args) => spawnSync('npx', ['pm2', ...args], { env: clusterEnv, encoding: 'utf8' });
  const stop = () => {
    pm2(['kill']);
    rmSync(pm2Home, { recursive: true, force: true });
  };
  const started = spawnSync('npm', ['run', 'pm2:start', '--', '-i', String(workers)], {
    env: clusterEnv,
    encoding: 'utf8',
  });
  if (started.status !== 0) {
    stop();
    throw new Error(`npm run pm2:start failed:\n${started.stdout}\n${started.stderr}`);
  }
  try {
    await waitUntilAnswering(origin, () => false);
  } catch (error) {
    stop();
    throw error;
  }

  /** PM2's list of the workers: pid, restarts and the heap figures its agent reports. */
  function list() {
    return JSON.parse(pm2(['jlist']).stdout).map((worker) => {
      const monitor = worker.pm2_env.axm_monitor ?? {};
      const megabytes = (name) => {
        const value = Number.parseFloat(monitor[name]?.value);
        return Number.isFinite(value) ? value : null;
      };
      return {
        pid: worker.pid,
        status: worker.pm2_env.status,
        restarts: worker.pm2_env.restart_time,
        nodeArgs: worker.pm2_env.node_args,
        heapUsedMegabytes: megabytes('Used Heap Size'),
        heapTotalMegabytes: megabytes('Heap Size'),
      };
    });
  }
  // `pm2 jlist` is a process start (about 0.4 s) that blocks this process, and with it the load generator:
  // the workers' pids are asked for again only when one of them is gone (a restart).
  let pids = list().map((worker) => worker.pid);
  return {
    origin,
    list,
    /** Each worker's resident set size, in bytes, read from /proc. */
    residentBytesPerWorker: () => {
      if (pids.some((pid) => Number.isNaN(residentBytesOf(pid)))) pids = list().map((worker) => worker.pid);
      return pids.map(residentBytesOf);
    },
    stop,
  };
}
