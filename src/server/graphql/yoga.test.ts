import { describe, expect, it } from 'vitest';
import { brands } from '../../../brands/index.ts';
import type { Database } from '../db/index.ts';
import {
  createDocumentCaches,
  createGraphQLServer,
  documentCacheBytes,
  errorCacheBytes,
  type GraphQLServer,
} from './yoga.ts';

describe('the GraphQL server’s document caches', () => {
  const caches = createDocumentCaches();
  // `{ __typename }` of an anonymous request never reaches the database.
  const server: GraphQLServer = createGraphQLServer({
    getDatabase: () => Promise.resolve({} as Database),
    defaultBrand: brands.tagblatt,
    authSecret: () => new TextEncoder().encode('yoga-test-secret-0123456789abcdefghij'),
    production: true,
    logError: () => undefined,
    documentCaches: caches,
  });

  const post = async (query: string) => {
    const response = await server.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  };

  it('stay within their bytes however many different documents clients send', async () => {
    // About 190 KB each as parsed documents: 100 of them are more than the cache may hold.
    for (let index = 0; index < 100; index++) {
      const body = await post(`{ __typename } # ${String(index).padStart(4, '0')}${'x'.repeat(1900)}`);
      expect(body.data).toEqual({ __typename: 'Query' });
    }
    expect(caches.documentCache.size).toBeGreaterThan(0);
    expect(caches.documentCache.bytes).toBeLessThanOrEqual(documentCacheBytes);
    expect(caches.documentCache.size).toBeLessThan(100);

    // Refused documents (too many tokens) are remembered with their error, within their own bound.
    for (let index = 0; index < 300; index++) {
      const body = await post(`{ ${'__typename '.repeat(2100)} } # ${index}`);
      expect(body.errors?.length).toBeGreaterThan(0);
    }
    expect(caches.errorCache.size).toBeGreaterThan(0);
    expect(caches.errorCache.bytes).toBeLessThanOrEqual(errorCacheBytes);
    expect(caches.errorCache.size).toBeLessThan(300);
  });
});
