import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig, landingPages, pathAliases, redirects, seoMetatags } from '../../src/server/db/schema/content';
import { testDialects } from '../../src/server/db/testing';
import { queryLimits } from '../../src/server/graphql/yoga';
import { getMetatags, getRoutInfo } from '../../src/lib/operations/routing';
import { createTestBackend, operationBody, type TestBackend } from '../support/backend';

describe.each(testDialects)('GraphQL core on %s', (dialect) => {
  let backend: TestBackend;

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    const { db } = backend.handle;
    await db.insert(appConfig).values([
      { name: 'creation_source', key: 'utm_source', value: 'newsletter' },
      { name: 'features', key: 'quick_apply', value: 'on' },
    ]);
    const [page] = await db
      .insert(landingPages)
      .values({ path: '/pflege-jobs-stuttgart', title: 'Pflege Jobs in Stuttgart', published: true })
      .returning();
    const [draft] = await db
      .insert(landingPages)
      .values({ path: '/entwurf', title: 'Entwurf', published: false })
      .returning();
    await db.insert(pathAliases).values([
      { path: '/pflege-jobs-stuttgart', targetKind: 'LandingPage', targetId: page!.id },
      { path: '/entwurf', targetKind: 'LandingPage', targetId: draft!.id },
      { path: '/geloescht', targetKind: 'LandingPage', targetId: 999_999 },
    ]);
    await db.insert(redirects).values([
      { sourcePath: '/alte-seite', target: '/pflege-jobs-stuttgart', statusCode: 301 },
      { sourcePath: '/aktion-2019', target: null, statusCode: 410 },
    ]);
    await db.insert(seoMetatags).values([
      { path: '/pflege-jobs-stuttgart', language: 'de', tags: [{ meta: 'title', value: 'Pflege Jobs in Stuttgart' }] },
      { path: '/jobs', language: 'de', tags: [{ meta: 'description', value: 'Alle Jobs' }] },
      { path: '/jobs', language: 'en', tags: [{ meta: 'description', value: 'All jobs' }] },
    ]);
  });
  afterAll(() => backend?.dispose());

  const route = async (slug: string) => (await backend.request(getRoutInfo, { slug })).body;

  describe('getRoutInfo', () => {
    it('resolves content with its id and meta tags, whatever the case and trailing slash', async () => {
      const { data } = await route('/Pflege-Jobs-Stuttgart/');
      expect(data?.getRoutInfo).toMatchObject({
        __typename: 'RouteContent',
        kind: 'LandingPage',
        metatags: [{ meta: 'title', value: 'Pflege Jobs in Stuttgart' }],
      });
    });
    it('answers redirects with their code and target', async () => {
      expect((await route('/alte-seite')).data?.getRoutInfo).toEqual({
        __typename: 'RouteRedirect',
        code: 301,
        target: '/pflege-jobs-stuttgart',
      });
    });
    it('answers removed content with 410 and unknown or unpublished paths with 404', async () => {
      expect((await route('/aktion-2019')).data?.getRoutInfo).toEqual({
        __typename: 'RouteError',
        code: 410,
        reason: 'Gone',
      });
      expect((await route('/geloescht')).data?.getRoutInfo).toMatchObject({ code: 410 });
      expect((await route('/entwurf')).data?.getRoutInfo).toMatchObject({ code: 404, reason: 'Not found' });
      expect((await route('/gibt-es-nicht')).data?.getRoutInfo).toMatchObject({ code: 404 });
    });
    it('refuses a missing or malformed slug with a clear error', async () => {
      const missing = await backend.post(operationBody(getRoutInfo, {}));
      expect(missing.body.errors?.[0]?.message).toContain(
        'Variable "$slug" of required type "String!" was not provided',
      );
      const wrongType = await backend.post(operationBody(getRoutInfo, { slug: 42 }));
      expect(wrongType.body.errors?.[0]?.message).toContain('String cannot represent a non string value');
      const relative = await backend.request(getRoutInfo, { slug: 'pflege' });
      expect(relative.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(relative.body.errors?.[0]?.message).toContain('slug must start with /');
    });
  });

  describe('getMetatags', () => {
    it('finds tags by slug with jobId, path and router parameters removed, in the requested language', async () => {
      const german = await backend.request(getMetatags, { slug: '/jobs?jobId=4&router=/x' });
      expect(german.body.data?.getMetatags).toEqual([{ meta: 'description', value: 'Alle Jobs' }]);
      const english = await backend.request(getMetatags, { slug: '/jobs/', language: 'en' });
      expect(english.body.data?.getMetatags).toEqual([{ meta: 'description', value: 'All jobs' }]);
    });
    it('returns an empty list for a slug without tags', async () => {
      const none = await backend.request(getMetatags, { slug: '/nirgends' });
      expect(none.body.data?.getMetatags).toEqual([]);
    });
  });

  describe('getAppConfig', () => {
    const query = `query getAppConfig($name: String) { getAppConfig(name: $name) { name key value } }`;
    it('lists entries, narrowed by name', async () => {
      const all = await backend.post<{ getAppConfig: unknown[] }>({ query });
      expect(all.body.data?.getAppConfig).toHaveLength(2);
      const some = await backend.post<{ getAppConfig: unknown[] }>({ query, variables: { name: 'creation_source' } });
      expect(some.body.data?.getAppConfig).toEqual([
        { name: 'creation_source', key: 'utm_source', value: 'newsletter' },
      ]);
    });
    it('returns an empty list when nothing matches', async () => {
      const none = await backend.post<{ getAppConfig: unknown[] }>({ query, variables: { name: 'nothing' } });
      expect(none.body.data?.getAppConfig).toEqual([]);
    });
  });

  describe('hardening', () => {
    it('refuses queries deeper and costlier than the limits', async () => {
      const deep = `query deep { getRoutInfo(slug: "/") { ... on RouteContent { metatags { meta } } } }`;
      expect((await backend.post({ query: deep })).body.errors).toBeUndefined();
      for (const [limits, message] of [
        [{ maxDepth: 2 }, /depth limit of 2/i],
        [{ maxCost: 3 }, /cost limit of 3/i],
      ] as const) {
        const strict = await createTestBackend(dialect, { limits });
        try {
          expect((await strict.post({ query: deep })).body.errors?.[0]?.message).toMatch(message);
        } finally {
          await strict.dispose();
        }
      }
    });
    it('refuses too many aliases', async () => {
      const aliases = Array.from({ length: queryLimits.maxAliases + 1 }, (_, index) => `a${index}: apiVersion`).join(
        ' ',
      );
      const result = await backend.post({ query: `query many { ${aliases} }` });
      expect(result.body.errors?.[0]?.message).toMatch(/aliases/i);
    });
    it('refuses a forged or expired token with UNAUTHENTICATED', async () => {
      const result = await backend.post({ query: 'query v { apiVersion }' }, { token: 'not-a-token' });
      expect(result.status).toBe(401);
      expect(result.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
    it('answers a syntax error with a GraphQL error, not a crash', async () => {
      const result = await backend.post({ query: 'query broken {' });
      expect(result.body.errors?.[0]?.message).toContain('Syntax Error');
    });
  });

  it('hides introspection in production', async () => {
    const production = await createTestBackend(dialect, { production: true });
    try {
      const result = await production.post({ query: 'query i { __schema { queryType { name } } }' });
      expect(result.body.errors?.[0]?.message).toMatch(/introspection/i);
      expect((await production.post({ query: 'query v { apiVersion }' })).body.data).toEqual({ apiVersion: '1' });
    } finally {
      await production.dispose();
    }
  });
});
