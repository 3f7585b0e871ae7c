/**
 * The site's in-process GraphQL calls (src/server/graphql/in-process.ts) skip the HTTP exchange: they must
 * answer exactly what POST /graphql's JSON body holds, data, errors, masking and limits alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeInProcess } from '../../src/server/graphql/in-process';
import { seedDatabase } from '../../src/server/seed/seed-database';
import { createTestBackend, type TestBackend } from '../support/backend';

const deep = 'query t { latestJobs(limit: 1) { jobs { organization { industry { tid } } } } }';

/** Requests whose answers are compared: success, GraphQL's own errors, the limits, expected and refused. */
const cases: { name: string; query: string; variables?: Record<string, unknown>; headers?: Record<string, string> }[] =
  [
    { name: 'data', query: 'query t { latestJobs(limit: 3) { total jobs { id title url publishedAt isExpired } } }' },
    { name: 'a null result', query: 'query t($id: Int!) { job(id: $id) { id } }', variables: { id: 999_999 } },
    { name: 'a syntax error', query: 'query t { latestJobs(limit: 3) { total ' },
    { name: 'a validation error with a suggestion', query: 'query t { latestJob(limit: 3) { total } }' },
    { name: 'a missing variable', query: 'query t($id: Int!) { job(id: $id) { id } }' },
    { name: 'a wrongly typed variable', query: 'query t($id: Int!) { job(id: $id) { id } }', variables: { id: 'x' } },
    { name: 'an expected error (BAD_USER_INPUT)', query: 'query t { similarJobs(jobId: 1, limit: 11) { id } }' },
    { name: 'the depth limit', query: deep },
    {
      name: 'the alias limit',
      query: `query t { ${['a', 'b', 'c', 'd'].map((alias) => `${alias}: latestJobs(limit: 1) { total }`).join(' ')} }`,
    },
    {
      name: 'the token limit',
      query: `query t { ${Array.from({ length: 80 }, (_, at) => `a${at}: __typename`).join(' ')} }`,
    },
    {
      name: 'the cost limit',
      query:
        'query t { latestJobs { jobs { organization { id name url website } locations { latitude longitude } salary { min max } application { workflow link } } } }',
    },
    { name: 'introspection', query: 'query t { __schema { types { name } } }' },
    {
      name: 'a refused bearer token',
      query: 'query t { __typename }',
      headers: { authorization: 'Bearer not-a-token' },
    },
    {
      name: 'a malformed Authorization header',
      query: 'query t { __typename }',
      headers: { authorization: 'Basic x' },
    },
    {
      name: 'the brand of the frontend header',
      query: 'query t { latestJobs(limit: 1) { total } }',
      headers: { frontend: 'suedjobs;de' },
    },
  ];

describe.each([true, false])('in-process calls answer like POST /graphql (production %s)', (production) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await createTestBackend('pglite', {
      production,
      limits: { maxDepth: 4, maxAliases: 3, maxTokens: 150, maxCost: 40 },
    });
    await seedDatabase(backend.handle.db, { jobs: 40, organizations: 5, seed: 3 });
  }, 120_000);
  afterAll(() => backend?.dispose());

  it.each(cases)('$name', async ({ query, variables, headers }) => {
    const overHttp = await backend.post(
      { operationName: 't', query, variables },
      { headers, serverContext: { clientAddress: '10.0.0.1' } },
    );
    const inProcess = await executeInProcess(
      backend.server,
      { operationName: 't', query, variables: variables ?? {}, headers: new Headers(headers) },
      { clientAddress: '10.0.0.1' },
    );
    expect(inProcess).toEqual(overHttp.body);
    expect(JSON.stringify(inProcess)).toBe(JSON.stringify(overHttp.body));
  });

  it.each<[string, RegExp]>([
    ['the depth limit', /depth limit of 4/i],
    ['the alias limit', /aliases limit of 3/i],
    ['the token limit', /token limit of 150/i],
    ['the cost limit', /cost limit of 40/i],
    ['an expected error (BAD_USER_INPUT)', /limit must be between 1 and 10/],
    ['a refused bearer token', /sign in again/],
    ...(production ? [['introspection', /introspection has been disabled/] as [string, RegExp]] : []),
  ])('refuses %s in-process', async (name, message) => {
    const { query, variables, headers } = cases.find((candidate) => candidate.name === name)!;
    const refused = await executeInProcess(
      backend.server,
      { operationName: 't', query, variables: variables ?? {}, headers: new Headers(headers) },
      {},
    );
    expect(refused.errors?.[0]?.message).toMatch(message);
  });
});
