import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { releasePort, reservePort, startServer } from '../support/server';

const dataDir = mkdtempSync(join(tmpdir(), 'jobboard-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a crash while the demo data is created', () => {
  it('leaves a database that the next start seeds completely', async () => {
    // Killed while seeding, before it listens: the reserved port is only a valid setting.
    const port = await reservePort();
    const child = spawn(process.execPath, ['scripts/serve.mjs'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        PGLITE_DIR: join(dataDir, 'pglite'),
        DEMO_JOBS: '4000',
        DEMO_ORGANIZATIONS: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // Killed in the middle of writing the jobs: the seed's transaction is open.
        if (output.includes('Creating demo data')) resolve();
      });
      child.on('exit', () => reject(new Error(`server exited before seeding:\n${output}`)));
    });
    child.kill('SIGKILL');
    await releasePort(port);
    await once(child, 'exit');

    const server = await startServer({ DEMO_JOBS: '150', DEMO_ORGANIZATIONS: '20' }, dataDir);
    try {
      expect(server.output()).toContain('Demo data created: 150 jobs, 20 organizations');
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query total { latestJobs(limit: 1) { total } }' }),
      });
      const body = (await response.json()) as { data: { latestJobs: { total: number } } };
      expect(body.data.latestJobs.total).toBeGreaterThan(0);
      expect(body.data.latestJobs.total).toBeLessThanOrEqual(150);
    } finally {
      await server.stop();
    }
  });
});
