// A GraphQL Code Generator plugin, run after typescript-operations in the same output file.
//
// 1. Validates every document the way the backend will see it: alone (the site sends one document per
//    request, so a fragment from another module would be unknown there) and with all of GraphQL's rules
//    (codegen's own validation merges the documents and skips unused variables and unknown directives).
//    Each document must define exactly one named operation.
// 2. Emits `OperationTypes`, the operation name → { data, variables } map that `defineOperation` reads, so an
//    operation module states no types by hand and a name codegen has not seen does not compile.
//
// Loaded by codegen through Node's own import (never by Vite), so `graphql` here is the copy codegen uses.
import { relative } from 'node:path';
import { GraphQLError, Kind, specifiedRules, validate } from 'graphql';

// typescript-operations runs with `namingConvention: 'keep'`: its type for operation `job` is `jobQuery`.
const suffixes = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' };

/** @type {import('@graphql-codegen/plugin-helpers').PluginFunction} */
export function plugin(schema, documents) {
  const problems = [];
  const entries = [];
  for (const { document, location } of documents) {
    if (document === undefined) continue;
    const file = location === undefined ? 'a document' : relative(process.cwd(), location);
    for (const error of validate(schema, document, specifiedRules)) {
      const lines = (error.locations ?? []).map(({ line }) => line).join(', ');
      problems.push(`${file}${lines ? `, line ${lines} of the query` : ''}: ${error.message}`);
    }
    const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    if (operations.length !== 1 || operations[0].name === undefined) {
      problems.push(`${file}: a document must define exactly one named operation`);
      continue;
    }
    const name = operations[0].name.value;
    const type = `${name}${suffixes[operations[0].operation]}`;
    entries.push(`  ${name}: { data: ${type}; variables: ${type}Variables };`);
  }
  if (problems.length > 0) {
    throw new GraphQLError(`The operations do not match the schema:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
  entries.sort();
  return [
    '',
    '/** Every operation of the site by name: its result and variables types. */',
    'export interface OperationTypes {',
    ...entries,
    '}',
    '',
  ].join('\n');
}
