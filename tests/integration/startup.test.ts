import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSecrets } from '../support/secrets';
import { runServeExpectingFailure } from '../support/server';

function* filesUnder(directory: string): Generator<string> {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

describe('build output', () => {
  it('contains no secret that was in the environment while building', () => {
    const files = [...filesUnder('dist')];
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const content = readFileSync(file, 'latin1');
      for (const secret of Object.values(buildSecrets)) expect(content, file).not.toContain(secret);
    }
  });
});

describe('start-up configuration check', () => {
  it('refuses an unknown brand and lists the brands', async () => {
    const { code, output } = await runServeExpectingFailure({ FRONTEND: 'foo' });
    expect(code).toBe(1);
    expect(output).toContain('FRONTEND: expected one of the brands: tagblatt, jobregio, suedjobs (got "foo")');
  });
  it('names every wrong variable', async () => {
    const { code, output } = await runServeExpectingFailure({ PORT: 'http', DATABASE_URL: 'mysql://localhost/x' });
    expect(code).toBe(1);
    expect(output).toMatch(/PORT: expected a port number/);
    expect(output).toMatch(/DATABASE_URL: expected a URL such as postgres:/);
  });
  it('demands the public origin in production (PostgreSQL)', async () => {
    const { code, output } = await runServeExpectingFailure({
      DATABASE_URL: 'postgres://127.0.0.1:5432/test',
      AUTH_SECRET: 'startup-test-secret-0123456789abcdefgh',
      SITE_URL: '',
    });
    expect(code).toBe(1);
    expect(output).toContain('SITE_URL: required when DATABASE_URL is set: the public origin of the site');
  });
});
