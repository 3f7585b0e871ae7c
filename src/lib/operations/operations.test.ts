import { describe, expect, it } from 'vitest';
import { generateOperationTypes, schemaFile, typesFile } from '../../../scripts/codegen/generate-operation-types.ts';

// The check step of `npm test` (`npm run codegen -- --check`) runs this generator over the site's operations.
describe('the operations checked against the schema', { timeout: 60_000 }, () => {
  it("accepts the site's operations, and the committed generated files are current", async () => {
    const files = await generateOperationTypes();

    expect(files.map(({ path, isCurrent }) => ({ path, isCurrent }))).toEqual([
      { path: schemaFile, isCurrent: true },
      { path: typesFile, isCurrent: true },
    ]);
  });

  it('refuses an operation with a misspelt field, naming the field and the file', async () => {
    const checking = generateOperationTypes({ documents: ['tests/fixtures/operations/misspelt-field.ts'] });

    await expect(checking).rejects.toThrow(/Cannot query field "titel" on type "Job"[^]*misspelt-field\.ts/);
  });

  it('refuses what the backend would refuse in a request of its own: unused variables, fragments from elsewhere', async () => {
    const checking = generateOperationTypes({ documents: ['tests/fixtures/operations/alone-invalid.ts'] });

    await expect(checking).rejects.toThrow('Variable "$language" is never used in operation "jobWithUnusedVariable".');
    await expect(checking).rejects.toThrow('Unknown fragment "jobFields".');
    await expect(checking).rejects.toThrow('a document must define exactly one named operation');
  });
});
