/* eslint-disable @typescript-eslint/no-unsafe-argument -- typescript-eslint cannot resolve .astro modules; `astro check` type-checks this file. */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { brands } from '../../brands';
import { createBackendClient } from '../lib/backend-client';
import Page404 from '../pages/404.astro';
import Page500 from '../pages/500.astro';

const locals = (id: keyof typeof brands, locale: 'de' | 'fr' = 'de') => ({
  brand: brands[id],
  locale,
  requestPath: '/kaputt',
  internalPath: '/kaputt',
  // A backend without stored meta tags: the layout asks it for the page's tags.
  backend: createBackendClient({
    transport: { kind: 'in-process', execute: () => Promise.resolve({ data: { getMetatags: [] } }) },
    frontend: { name: id, locale },
  }),
});

describe('error pages', () => {
  it('render the 500 page in the brand look with status 500', async () => {
    const container = await AstroContainer.create();
    const response = await container.renderToResponse(Page500, {
      locals: locals('suedjobs'),
      props: { error: new Error('boom') },
    });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Es ist ein Fehler aufgetreten');
    expect(html).toContain('SüdJobs');
    expect(html).toContain('--color-primary:#1c788c');
    expect(html).not.toContain('boom');
    expect(html).toContain('noindex');
  });

  it('render the 404 page in the visitor language', async () => {
    const container = await AstroContainer.create();
    const response = await container.renderToResponse(Page404, { locals: locals('jobregio', 'fr') });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page introuvable');
    expect(html).toContain('href="/fr/emploi"');
  });
});
