import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../src/server/db/testing';
import { jobScheduleQueue } from '../../src/server/job-runner';
import { releasePort, reservePort } from '../support/server';

const pm2Home = mkdtempSync(join(tmpdir(), 'pm2-'));
const env = { ...process.env, PM2_HOME: pm2Home };

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
});
afterAll(async () => {
  spawnSync('npx', ['pm2', 'kill'], { env });
  rmSync(pm2Home, { recursive: true, force: true });
  await database?.dispose();
});

interface Pm2Process {
  name: string;
  pm2_env: {
    status: string;
    env: Record<string, string | undefined>;
    exec_mode: string;
    node_version: string;
    max_memory_restart: number;
    node_args: string[];
  };
}

describe('PM2 cluster', () => {
  it('refuses to start without DATABASE_URL', () => {
    const result = spawnSync('npm', ['run', 'pm2:start'], { env: { ...env, DATABASE_URL: '' }, encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Refusing to start PM2 without DATABASE_URL');
  });

  it('refuses to start without SITE_URL, the public origin', () => {
    const result = spawnSync('npm', ['run', 'pm2:start'], {
      env: {
        ...env,
        DATABASE_URL: database.databaseUrl!,
        AUTH_SECRET: 'pm2-test-secret-0123456789abcdef0123',
        PORT: '3999',
        SITE_URL: '',
      },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('SITE_URL: required when DATABASE_URL is set');
  });

  it('runs two workers on Node 24 with a 512 MB restart limit and a bounded V8 heap, and one search process', async () => {
    // PM2's cluster workers bind the port themselves: it is reserved only until they start.
    const port = await reservePort();
    await releasePort(port);
    const started = spawnSync('npm', ['run', 'pm2:start'], {
      env: {
        ...env,
        DATABASE_URL: database.databaseUrl!,
        AUTH_SECRET: 'pm2-test-secret-0123456789abcdef0123',
        PORT: String(port),
        SITE_URL: `http://127.0.0.1:${port}`,
      },
      encoding: 'utf8',
    });
    expect(started.status, started.stderr).toBe(0);
    const all = JSON.parse(spawnSync('npx', ['pm2', 'jlist'], { env, encoding: 'utf8' }).stdout) as Pm2Process[];
    const list = all.filter((entry) => entry.name === 'jobboard');
    expect(list).toHaveLength(2);
    for (const worker of list) {
      expect(worker.pm2_env.exec_mode).toBe('cluster_mode');
      expect(worker.pm2_env.node_version).toMatch(/^24\./);
      expect(worker.pm2_env.max_memory_restart).toBe(512 * 1024 * 1024);
      // The daemon forks each worker with these Node options (scripts/server-node-options.cjs). The worker's
      // own command line cannot tell: PM2 overwrites it with the process title.
      expect(worker.pm2_env.node_args).toContain('--max-old-space-size=192');
    }
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/messages/de`).catch(() => null))?.status, {
        timeout: 20_000,
      })
      .toBe(200);

    // The machine's search process (decision 0031): one, on Node 24, on the socket the workers are told.
    const search = all.filter((entry) => entry.name === 'jobboard-search');
    expect(search).toHaveLength(1);
    expect(search[0]!.pm2_env.exec_mode).toBe('fork_mode');
    expect(search[0]!.pm2_env.node_version).toMatch(/^24\./);
    expect(search[0]!.pm2_env.max_memory_restart).toBe(1024 * 1024 * 1024);
    const socket = search[0]!.pm2_env.env.SEARCH_SERVICE_SOCKET!;
    expect(list.map((worker) => worker.pm2_env.env.SEARCH_SERVICE_SOCKET)).toEqual([socket, socket]);
    await expect.poll(() => statSync(socket, { throwIfNoEntry: false })?.mode, { timeout: 20_000 }).toBeDefined();
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    // A search through a worker answers (from the service, or the next engine while it builds).
    expect((await fetch(`http://127.0.0.1:${port}/jobs?search=Pflege`)).status).toBe(200);

    // Each worker started the job runner (decision 0016) on the shared database: its run at start is done
    // once per worker, and the schedule is there once.
    const { db } = database.handle;
    await expect
      .poll(
        async () => {
          const runs = await db
            .execute<{ count: number | string }>(
              sql`select count(*) as count from pgboss.job where name = ${jobScheduleQueue} and state = 'completed'`,
            )
            .catch(() => null);
          return Number(runs?.rows[0]?.count ?? 0);
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const schedules = await db.execute<{ count: number | string }>(
      sql`select count(*) as count from pgboss.schedule where name = ${jobScheduleQueue}`,
    );
    expect(Number(schedules.rows[0]?.count)).toBe(1);
  });
});
