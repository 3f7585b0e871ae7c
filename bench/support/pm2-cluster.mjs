// Starts the built server as `npm run pm2:start` does (PM2 cluster workers on PostgreSQL), with a PM2 home of
// its own, so a benchmark can measure the production set-up: its workers' pids, resident sizes and V8 heaps.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createConnection } from 'node:net';
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

/** CPU time a process has used so far (user + system), in milliseconds (Linux /proc); 0 when it is gone. */
export function cpuMillisecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The pids of the PostgreSQL server processes serving a database (its backends), from their command lines. */
export function backendPidsOf(databaseName) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (command.startsWith('postgres:') && command.includes(` ${databaseName} `)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** One search of the search process (decision 0031, its wire format): its result, or null. */
function askSearchService(socketPath) {
  const query = {
    filter: { brandId: 'tagblatt', text: null, title: '', location: null, published: null },
    selections: {},
    byRank: false,
    page: 1,
    pageSize: 1,
    locale: 'de',
    facetValueLimit: 1,
  };
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    let answer = '';
    socket.on('connect', () => socket.write(`${JSON.stringify({ id: 1, query })}\n`));
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\n')) {
        socket.destroy();
        resolve(JSON.parse(answer).result);
      }
    });
    socket.on('error', () => resolve(null));
  });
}

/** Waits (up to 15 minutes) until the search process answers from its copy of the job index. */
async function waitForSearchService(socketPath) {
  const until = Date.now() + 15 * 60_000;
  while (!(await askSearchService(socketPath))) {
    if (Date.now() > until) throw new Error('the search process did not build its copy within 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/**
 * Resolves once the cluster answers and its search process has its copy; `stop()` kills its PM2 daemon and removes the PM2 home. `workers` is
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
    SEARCH_SERVICE_SOCKET: join(pm2Home, 'search.sock'),
    ...env,
  };
  const pm2 = (args) => spawnSync('npx', ['pm2', ...args], { env: clusterEnv, encoding: 'utf8' });
  const stop = () => {
    pm2(['kill']);
    rmSync(pm2Home, { recursive: true, force: true });
  };
  const started = spawnSync('npm', ['run', 'pm2:start'], {
    env: { ...clusterEnv, JOBBOARD_WORKERS: String(workers) },
    encoding: 'utf8',
  });
  if (started.status !== 0) {
    stop();
    throw new Error(`npm run pm2:start failed:\n${started.stdout}\n${started.stderr}`);
  }
  try {
    await waitUntilAnswering(origin, () => false);
    const started = Date.now();
    await waitForSearchService(clusterEnv.SEARCH_SERVICE_SOCKET);
    console.log(`The search process answered from its copy after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    stop();
    throw error;
  }

  /**
   * PM2's list of the workers (the search process of decision 0031 with `search`): pid, restarts and the
   * heap figures its agent reports.
   */
  function list({ search = false } = {}) {
    const app = search ? 'jobboard-search' : 'jobboard';
    return JSON.parse(pm2(['jlist']).stdout)
      .filter((entry) => entry.name === app)
      .map((worker) => {
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
  let searchPid = list({ search: true })[0]?.pid;
  return {
    origin,
    list,
    /** The search process's resident set size in bytes (NaN without one). */
    searchResidentBytes: () => {
      if (Number.isNaN(residentBytesOf(searchPid))) searchPid = list({ search: true })[0]?.pid;
      return residentBytesOf(searchPid);
    },
    /** Each worker's resident set size, in bytes, read from /proc. */
    residentBytesPerWorker: () => {
      if (pids.some((pid) => Number.isNaN(residentBytesOf(pid)))) pids = list().map((worker) => worker.pid);
      return pids.map(residentBytesOf);
    },
    /** CPU time the search process has used so far, in milliseconds. */
    searchCpuMilliseconds: () => cpuMillisecondsOf(searchPid),
    /** CPU time the workers have used so far, in milliseconds. */
    cpuMilliseconds: () => pids.reduce((sum, pid) => sum + cpuMillisecondsOf(pid), 0),
    stop,
  };
}
