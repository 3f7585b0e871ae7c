import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { nodeOptions, environment } = require('../../../scripts/server-node-options.cjs') as {
  nodeOptions: string[];
  environment: Record<string, string>;
};
const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('the Node options of the server', () => {
  it('bound the V8 heap', () => {
    expect(nodeOptions).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
  });

  it('are the ones `npm run serve` (and `npm start`) runs the server with', () => {
    const variables = Object.entries(environment).map(([name, value]) => `${name}=${value} `);
    expect(packageJson.scripts.serve).toBe(`${variables.join('')}node ${nodeOptions.join(' ')} ./scripts/serve.mjs`);
    expect(packageJson.scripts.start).toContain('npm run serve');
  });
});
