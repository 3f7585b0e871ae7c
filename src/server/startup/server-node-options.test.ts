import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const serverNodeOptions = require('../../../scripts/server-node-options.cjs') as string[];
const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('the Node options of the server', () => {
  it('bound the V8 heap', () => {
    expect(serverNodeOptions).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
  });

  it('are the ones `npm run serve` (and `npm start`) runs the server with', () => {
    expect(packageJson.scripts.serve).toBe(`node ${serverNodeOptions.join(' ')} ./scripts/serve.mjs`);
    expect(packageJson.scripts.start).toContain('npm run serve');
  });
});
