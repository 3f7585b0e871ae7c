/**
 * No page loads a render-blocking stylesheet it does not use (issue 12): every stylesheet a page links has a
 * rule for something on that page, a class it uses or one of its components (Astro's data-astro-cid-*
 * scoping). Job and organization pages used to load the error page's stylesheet, because Astro gives a
 * component's styles to every page that imports it, rendered or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let jobPath: string;
let organizationPath: string;

beforeAll(async () => {
  server = await startServer();
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ latestJobs(limit: 1) { jobs { url organization { url } } } }' }),
  });
  const { data } = (await response.json()) as {
    data: { latestJobs: { jobs: { url: string; organization: { url: string } }[] } };
  };
  jobPath = new URL(data.latestJobs.jobs[0]!.url, server.url).pathname;
  organizationPath = new URL(data.latestJobs.jobs[0]!.organization.url, server.url).pathname;
});
afterAll(async () => {
  await server?.stop();
});

/** The classes and component scopes a stylesheet has rules for. */
function selectorsOf(css: string): { classes: Set<string>; scopes: Set<string> } {
  const withoutValues = css.replace(/\{[^{}]*\}/g, '{}');
  return {
    classes: new Set([...withoutValues.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!)),
    scopes: new Set([...withoutValues.matchAll(/data-astro-cid-([a-z0-9]+)/g)].map((match) => match[1]!)),
  };
}

/** The classes and component scopes the HTML uses. */
function usedBy(html: string): { classes: Set<string>; scopes: Set<string> } {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value!.split(/\s+/)) if (name) classes.add(name);
  }
  return { classes, scopes: new Set([...html.matchAll(/data-astro-cid-([a-z0-9]+)/g)].map((match) => match[1]!)) };
}

describe('stylesheets', () => {
  it.each([
    ['home', () => '/'],
    ['job search', () => '/jobs'],
    ['keyword search', () => '/jobs?q=Pflege'],
    ['job page', () => jobPath],
    ['organization page', () => organizationPath],
    ['organizations', () => '/organizations'],
    ['sign-in', () => '/user/login'],
    ['contact', () => '/contact'],
  ])('%s links only stylesheets it uses', async (_name, pathOf) => {
    const response = await fetch(server.url + pathOf());
    expect(response.status).toBe(200);
    const html = await response.text();
    const used = usedBy(html);
    const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) {
      const css = await (await fetch(server.url + href)).text();
      const { classes, scopes } = selectorsOf(css);
      const isUsed =
        [...scopes].some((scope) => used.scopes.has(scope)) || [...classes].some((name) => used.classes.has(name));
      expect(isUsed, `${href} has no rule for anything on ${pathOf()}`).toBe(true);
    }
  });

  it('the error page still has its look', async () => {
    const response = await fetch(`${server.url}/job/gibt-es-nicht`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('class="error-page"');
    const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
    const css = (await Promise.all(links.map(async (href) => (await fetch(server.url + href)).text()))).join('\n');
    for (const name of ['error-page', 'error-page__status', 'error-page__actions']) {
      expect(selectorsOf(css).classes.has(name), name).toBe(true);
    }
  });
});
