// Starts the built server (dist/) on a free loopback port with its own embedded database, for benchmarks.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** Resolves once the server answers; `stop()` ends it and removes its data. */
export async function startBuiltServer(env = {}) {
  if (!existsSync('dist/server/entry.mjs')) {
    console.error('No build in dist/: run `npm run build` first.');
    process.exit(1);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const server = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PGLITE_DIR: join(dataDir, 'pglite'), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${origin}/api/messages/de`)).ok) break;
    } catch {
      if (attempt > 1200) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    origin,
    /** The path of the newest open job. */
    async latestJobPath() {
      const response = await fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ latestJobs(limit: 1) { jobs { url } } }' }),
      });
      return (await response.json()).data.latestJobs.jobs[0].url;
    },
    async stop() {
      server.kill('SIGTERM');
      await once(server, 'exit');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
