import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The project's own config; type information is not needed for this rule (and the files do not exist).
const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports');
}

/** An Astro page whose frontmatter imports `specifier`. */
const astroPage = (specifier: string) =>
  `---\nimport { value } from '${specifier}';\nconst shown = String(value);\n---\n\n<p>{shown}</p>\n`;

describe('import boundary (DESIGN.md conventions 8)', () => {
  it('keeps src/server out of src/lib', async () => {
    const errors = await boundaryErrors(
      'src/lib/example.ts',
      "import { getConfig } from '../server/config';\nexport const c = getConfig;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('server-only');
  });
  it('keeps src/server out of islands', async () => {
    const errors = await boundaryErrors(
      'src/features/search/FilterPanel.tsx',
      "import { getBrand } from '../../server/brand';\nexport const b = getBrand;\n",
    );
    expect(errors).toHaveLength(1);
  });
  it('lets server code import from src/lib', async () => {
    const errors = await boundaryErrors(
      'src/server/example.ts',
      "import { isActiveLink } from '../lib/routing/active-link';\nexport const a = isActiveLink;\n",
    );
    expect(errors).toHaveLength(0);
  });
});

describe('one data path (decision 0013)', () => {
  it('refuses the database and the modules in .astro pages, components, layouts and features', async () => {
    for (const [filePath, specifier] of [
      ['src/pages/fixture.astro', '../server/db'],
      ['src/pages/user/fixture.astro', '../../server/db/schema/users'],
      ['src/components/Fixture.astro', '../server/modules/accounts/register-applicant'],
      ['src/layouts/Fixture.astro', '../server/modules/users/get-session-user.ts'],
      ['src/features/account/Fixture.astro', '../../server/db/index.ts'],
    ] as const) {
      const errors = await boundaryErrors(filePath, astroPage(specifier));
      expect(
        errors.map((error) => error.message),
        filePath,
      ).toEqual([expect.stringContaining('use the GraphQL schema through locals.backend') as unknown]);
    }
  });

  it('refuses them in endpoints, feature modules and the middleware', async () => {
    for (const [filePath, specifier] of [
      ['src/pages/api/fixture.ts', '../../server/modules/analytics/record-signup-start'],
      ['src/features/account/fixture.ts', '../../server/db'],
      ['src/middleware.ts', './server/db/index.ts'],
    ] as const) {
      const errors = await boundaryErrors(filePath, `import { value } from '${specifier}';\nexport const v = value;\n`);
      expect(
        errors.map((error) => error.ruleId),
        filePath,
      ).toEqual(['no-restricted-imports']);
    }
  });

  it('lets routes reach session cookies only through session-flows.ts', async () => {
    const internal = await boundaryErrors('src/pages/fixture.astro', astroPage('../server/auth/page-session'));
    expect(internal.map((error) => error.message)).toEqual([
      expect.stringContaining('src/server/auth/session-flows.ts') as unknown,
    ]);
    expect(await boundaryErrors('src/pages/fixture.astro', astroPage('../server/auth/session-flows'))).toEqual([]);
    expect(await boundaryErrors('src/pages/fixture.astro', astroPage('../features/account/operations'))).toEqual([]);
  });

  it('refuses src/features in src/server', async () => {
    const errors = await boundaryErrors(
      'src/server/modules/accounts/fixture.ts',
      "import { getUser } from '../../../features/account/operations.ts';\nexport const g = getUser;\n",
    );
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('src/server must not import src/features') as unknown,
    ]);
  });

  it('holds on the tree', async () => {
    const results = await eslint.lintFiles([
      'src/pages',
      'src/components',
      'src/features',
      'src/layouts',
      'src/middleware.ts',
      'src/server',
    ]);
    const astroFiles = results.filter((result) => result.filePath.endsWith('.astro'));
    expect(astroFiles.length).toBeGreaterThan(20);
    const violations = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'no-restricted-imports' || message.fatal)
        .map((message) => `${result.filePath}:${message.line} ${message.message}`),
    );
    expect(violations).toEqual([]);
  }, 120_000);
});
