import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationData } from '../../src/lib/backend-client';
import { getJob } from '../../src/lib/operations/content';
import { get, startServer, type RunningServer } from '../support/server';

interface Hit {
  id: number;
  url: string;
  isExpired: boolean;
  state: string;
}

let server: RunningServer;

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return ((await response.json()) as { data: T }).data;
}

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

beforeAll(async () => {
  server = await startServer({ FRONTEND: 'tagblatt', SITE_URL: 'https://jobs.tagblatt.example' });
});
afterAll(() => server?.stop());

describe('job pages', () => {
  it('carry a view beacon that answers a pixel nobody stores, for browsers and crawlers alike', async () => {
    const { latestJobs } = await graphql<{ latestJobs: { jobs: Hit[] } }>(
      '{ latestJobs(limit: 1) { jobs { id url title } } }',
    );
    const job = latestJobs.jobs[0]!;
    const html = await (await get(`${server.url}${job.url}`)).text();
    expect(html).toContain(`<img class="visually-hidden" src="/api/job-views/${job.id}" alt="" width="1" height="1"`);
    for (const agent of ['Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36', 'Googlebot/2.1']) {
      const beacon = await fetch(`${server.url}/api/job-views/${job.id}`, { headers: { 'user-agent': agent } });
      expect(beacon.status).toBe(200);
      expect(beacon.headers.get('content-type')).toBe('image/gif');
      expect(beacon.headers.get('cache-control')).toBe('no-store');
      expect((await beacon.arrayBuffer()).byteLength).toBe(42);
    }
    expect((await fetch(`${server.url}/api/job-views/not-a-job`)).status).toBe(200);
  });

  it('carry JobPosting JSON-LD with every field Google requires', async () => {
    const { latestJobs } = await graphql<{ latestJobs: { jobs: Hit[] } }>(
      'query { latestJobs(limit: 1) { jobs { id url isExpired state } } }',
    );
    const job = latestJobs.jobs[0]!;
    const html = await (await get(`${server.url}${job.url}`)).text();
    const [posting, ...others] = jsonLdOf(html);
    expect(others).toEqual([]);
    expect(posting).toMatchObject({ '@context': 'https://schema.org/', '@type': 'JobPosting' });
    for (const field of ['title', 'description', 'datePosted', 'hiringOrganization', 'jobLocation', 'identifier']) {
      expect(posting, field).toHaveProperty(field);
    }
    const locations = posting!.jobLocation as { address: Record<string, string> }[];
    expect(locations.length).toBeGreaterThan(0);
    for (const { address } of locations) {
      expect(address['@type']).toBe('PostalAddress');
      expect(address.addressCountry).toMatch(/^[A-Z]{2}$/);
    }
    expect(posting!.url).toBe(`https://jobs.tagblatt.example${job.url}`);
    expect(html).not.toContain('noindex');
    expect(html).toContain('data-share="whatsapp"');
    expect(html).toContain('id="similar-jobs"');
  });

  it('stay readable when expired, with a notice, noindex, similar jobs and no JSON-LD', async () => {
    // Archived jobs and jobs past their expiry date are both "no longer available".
    const { latestJobs } = await graphql<{ latestJobs: { total: number } }>('query { latestJobs(limit: 1) { total } }');
    expect(latestJobs.total).toBeGreaterThan(0);
    let expired: Hit | undefined;
    for (let id = 1; id <= 200 && !expired; id++) {
      const { job } = await graphql<OperationData<typeof getJob>>(getJob.query, { id });
      if (job && (job.isExpired || job.state === 'archived')) expired = job;
    }
    expect(expired, 'the demo data has expired or archived jobs').toBeDefined();
    const response = await get(`${server.url}${expired!.url}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('nicht mehr verfügbar');
    expect(html).toContain('<meta name="robots" content="noindex, follow">');
    expect(jsonLdOf(html)).toEqual([]);
    expect(html).not.toContain('data-share=');
  });
});
