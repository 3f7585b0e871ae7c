import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The project's own config; type information is not needed for this rule (and the files do not exist).
const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports');
}

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
