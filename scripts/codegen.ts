// `npm run codegen`: regenerates the GraphQL schema file and the operations' types (decision 0012).
// `npm run codegen -- --check`: changes nothing; exits 1 when a generated file is stale or an operation
// does not match the schema (the check step of `npm test`).
import { mkdir, writeFile } from 'node:fs/promises';
import { generateOperationTypes } from './codegen/generate-operation-types.ts';

const root = new URL('../', import.meta.url);
const isCheck = process.argv.includes('--check');

let files;
try {
  files = await generateOperationTypes();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const stale = files.filter((file) => !file.isCurrent);
if (isCheck) {
  if (stale.length > 0) {
    console.error(
      `Stale generated files (the schema or an operation changed): run \`npm run codegen\` and commit them.\n${stale
        .map((file) => `- ${file.path}`)
        .join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`The operations match the schema; ${files.map((file) => file.path).join(' and ')} are current.`);
} else {
  for (const file of stale) {
    const target = new URL(file.path, root);
    await mkdir(new URL('.', target), { recursive: true });
    await writeFile(target, file.content);
    console.log(`wrote ${file.path}`);
  }
  if (stale.length === 0) console.log('The generated files were already current.');
}
