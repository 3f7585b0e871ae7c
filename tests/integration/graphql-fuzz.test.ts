/**
 * Property-based fuzzing of the GraphQL API (issue 10): every operation the site sends, with variables
 * drawn from well-typed extremes (huge and negative numbers, NaN-like floats, NUL and control characters,
 * long and non-Latin strings, unknown enum values) and from arbitrary JSON. Whatever comes in, the answer
 * is a client error or data, never a 5xx and never a masked INTERNAL_SERVER_ERROR.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCredits, getSubscriptions, getUser } from '../../src/features/account/operations';
import type { TypedOperation } from '../../src/lib/backend-client';
import { getJob, getOrganizationName, getOrganizationProfile, getSimilarJobs } from '../../src/lib/operations/content';
import { getLandingPage, getMetatags, getRoutInfo } from '../../src/lib/operations/routing';
import { locationSuggestions, searchJobs } from '../../src/lib/operations/search';
import { testDialects } from '../../src/server/db/testing';
import { seedDatabase } from '../../src/server/seed/seed-database';
import { createTestBackend, type TestBackend } from '../support/backend';

const nastyString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom('', '\u0000', 'a\u0000b', '%00', '../../etc/passwd', "'; drop table jobs; --", '\\', '%', '_'),
  fc.string({ minLength: 190, maxLength: 400 }),
  fc.constantFrom('Pflege', 'München', 'Zürich', '北京', '😀'.repeat(30), 'a'.repeat(5000)),
);

const nastyInt = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1, 2_147_483_647, -2_147_483_648, 1001, 10_000));

const nastyFloat = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 90, -90, 180, -180, 1e308, -1e308, 5e-324),
);

/** Any JSON value: a client may send anything in place of a variable. */
const anyJson = fc.jsonValue({ maxDepth: 3 });

const facetField = fc.oneof(
  fc.constantFrom('remoteOptions', 'employmentType', 'industry', 'occupations', 'yearsOfExperience', 'company'),
  nastyString,
);

const jobSearchInput = fc.record(
  {
    search: nastyString,
    title: nastyString,
    category: nastyString,
    location: fc.record(
      {
        lat: nastyFloat,
        lon: nastyFloat,
        radius: nastyInt,
        label: nastyString,
        locationType: fc.oneof(fc.constantFrom('city', 'country', 'administrativeArea'), nastyString),
      },
      { requiredKeys: ['lat', 'lon'] },
    ),
    facets: fc.array(fc.record({ field: facetField, values: fc.array(fc.oneof(nastyString, fc.nat().map(String))) }), {
      maxLength: 8,
    }),
    minYearlySalary: nastyFloat,
    sort: fc.oneof(fc.constantFrom('relevancy', 'publish_date_desc'), nastyString),
    page: nastyInt,
    pageSize: nastyInt,
  },
  { requiredKeys: [] },
);

interface FuzzCase {
  operation: TypedOperation<unknown, object>;
  variables: fc.Arbitrary<unknown>;
}

const cases: FuzzCase[] = [
  { operation: getJob, variables: fc.record({ id: fc.oneof(nastyInt, anyJson) }) },
  { operation: getOrganizationProfile, variables: fc.record({ id: fc.oneof(nastyInt, anyJson) }) },
  { operation: getOrganizationName, variables: fc.record({ id: nastyInt }) },
  { operation: getSimilarJobs, variables: fc.record({ jobId: nastyInt, limit: nastyInt }) },
  {
    operation: getRoutInfo,
    variables: fc.record({ slug: nastyString, language: fc.oneof(nastyString, fc.constant(null)) }),
  },
  { operation: getMetatags, variables: fc.record({ slug: nastyString, language: nastyString }) },
  { operation: getLandingPage, variables: fc.record({ id: nastyInt }) },
  { operation: searchJobs, variables: fc.record({ input: fc.oneof(jobSearchInput, anyJson) }) },
  {
    operation: locationSuggestions,
    variables: fc.dictionary(fc.constantFrom('query', 'limit', 'search'), fc.oneof(nastyString, nastyInt)),
  },
  { operation: getUser, variables: fc.constant({}) },
  { operation: getCredits, variables: fc.record({ organizationId: fc.oneof(nastyInt, anyJson) }) },
  {
    operation: getSubscriptions,
    variables: fc.dictionary(
      fc.constantFrom('limit', 'offset', 'organizationId', 'filters', 'sorting', 'showSubscriptionsFromAllFrontends'),
      anyJson,
    ),
  },
];

describe.each(testDialects)('GraphQL fuzzing on %s', (dialect) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await createTestBackend(dialect, { production: true });
    await seedDatabase(backend.handle.db, { jobs: 60, organizations: 8, seed: 7 });
  });
  afterAll(() => backend?.dispose());

  it.each(cases.map((fuzzCase) => [fuzzCase.operation.operationName, fuzzCase] as const))(
    '%s answers every variable set without a server error',
    async (_name, { operation, variables }) => {
      await fc.assert(
        fc.asyncProperty(variables, async (vars) => {
          const { status, body } = await backend.post({
            query: operation.query,
            operationName: operation.operationName,
            variables: vars as Record<string, unknown>,
          });
          expect(status).toBeLessThan(500);
          const codes = (body.errors ?? []).map((error) => error.extensions?.code);
          expect(codes).not.toContain('INTERNAL_SERVER_ERROR');
        }),
        { numRuns: 40, seed: 20261123 },
      );
    },
  );
});
