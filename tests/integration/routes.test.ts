import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startServer, type RunningServer } from '../support/server';

interface LatestJobs {
  data: {
    latestJobs: { jobs: { id: number; title: string; url: string; organization: { name: string; url: string } }[] };
  };
}

let server: RunningServer;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let job: LatestJobs['data']['latestJobs']['jobs'][number];

beforeAll(async () => {
  server = await startServer({ FRONTEND: 'tagblatt' });
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      operationName: 'latest',
      query: 'query latest { latestJobs(limit: 1) { jobs { id title url organization { name url } } } }',
    }),
  });
  const body = (await response.json()) as LatestJobs;
  job = body.data.latestJobs.jobs[0]!;
});
afterAll(() => server?.stop());

describe('route resolution over HTTP (seeded demo data)', () => {
  it('renders a landing page at its own path', async () => {
    const response = await get(`${server.url}/pflege-jobs-stuttgart`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // Reads naturally (issue 19): "Jobs in Stuttgart: Gesundheit & Soziales".
    expect(html).toMatch(/<h1>Jobs in Stuttgart: [^<]+<\/h1>/);
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1');
    expect(html).toContain('/pflege-jobs-stuttgart">');
  });

  it('answers a stored redirect with its code and target', async () => {
    const response = await get(`${server.url}/stellenangebote-pflege-stuttgart`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/pflege-jobs-stuttgart');
  });

  it('answers removed content with 410 and unknown paths with 404, in the brand look', async () => {
    const gone = await get(`${server.url}/sommerjobs-2023`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('Seite entfernt');
    const missing = await get(`${server.url}/diese-seite-gab-es-nie`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Tagblatt Stellenmarkt');
  });

  it('renders a job at its alias; /job/<id> redirects there (issue 19: one path per job)', async () => {
    const response = await get(`${server.url}${job.url}`);
    expect(response.status, job.url).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(job.title.replace(/&/g, '&amp;'))}</h1>`));
    expect(html).toContain(job.organization.name.replace(/&/g, '&amp;'));
    const byId = await get(`${server.url}/job/${job.id}`);
    expect([byId.status, byId.headers.get('location')]).toEqual([301, job.url]);
    expect((await get(`${server.url}/job/999999999`)).status).toBe(404);
  });

  it('renders the organization profile the job links to, with its initials logo', async () => {
    const response = await get(`${server.url}${job.organization.url}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(job.organization.name.replace(/&/g, '&amp;'))}</h1>`));
    const logo = /<img class="organization__logo" src="([^"?]+)/.exec(html)?.[1];
    const svg = await get(`${server.url}${logo}`);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
  });

  it('keeps the data across a restart', async () => {
    server = await server.restart();
    const response = await get(`${server.url}${job.url}`);
    expect(response.status).toBe(200);
    expect(server.output()).not.toContain('Demo data created');
  });
});
