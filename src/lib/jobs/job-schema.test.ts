import { describe, expect, it } from 'vitest';
import { missingRecommendedJobFields } from './google-readiness.ts';
import { jobDraftSchema, jobPublishSchema } from './job-schema.ts';

const place = {
  addressLine1: 'Hauptstraße 1',
  postalCode: '72070',
  locality: 'Tübingen',
  countryCode: 'de',
  latitude: 48.52,
  longitude: 9.05,
};

const complete = {
  jobType: 'job_per_template',
  title: 'Pflegefachkraft (m/w/d)',
  description: '<p>Wir suchen Sie.</p>',
  organizationId: 1,
  locations: [place],
  applicationWorkflow: 'email',
  applicationEmails: ['Jobs@Example.com'],
};

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('job schema', () => {
  it('accepts an incomplete draft and normalises empty inputs to null', () => {
    const draft = jobDraftSchema.parse({ jobType: 'job_per_link', title: ' Koch ', organizationId: 3, salaryMin: '' });
    expect(draft).toMatchObject({ title: 'Koch', linkUrl: null, salaryMin: null, locations: [], language: 'de' });
  });

  it('requires for publishing what Google for Jobs needs, per job type', () => {
    const base = { title: 'Koch', organizationId: 3 };
    expect(fieldErrors(jobPublishSchema.safeParse({ ...base, jobType: 'job_per_template' }))).toEqual({
      description: 'job.error.required',
      locations: 'job.error.locationRequired',
      applicationEmails: 'job.error.applicationEmailRequired',
    });
    expect(fieldErrors(jobPublishSchema.safeParse({ ...complete, jobType: 'job_per_link' }))).toEqual({
      linkUrl: 'job.error.url',
    });
    expect(fieldErrors(jobPublishSchema.safeParse({ ...complete, jobType: 'job_per_file' }))).toEqual({
      file: 'job.error.fileRequired',
    });
    const parsed = jobPublishSchema.parse(complete);
    expect(parsed.applicationEmails).toEqual(['jobs@example.com']);
    expect(parsed.locations[0]?.countryCode).toBe('DE');
  });

  it('checks the rules between fields even for drafts', () => {
    const result = jobDraftSchema.safeParse({
      ...complete,
      salaryMin: 5000,
      salaryMax: 4000,
      publishedAt: '2026-12-01T00:00:00Z',
      expiresAt: '2026-11-01T00:00:00Z',
    });
    expect(fieldErrors(result)).toEqual({
      salaryMax: 'job.error.salaryRange',
      currencyCode: 'job.error.currency',
      salaryUnit: 'job.error.salaryUnit',
      expiresAt: 'job.error.expiryBeforePublish',
    });
  });

  it('keys wrong values by their field', () => {
    const result = jobDraftSchema.safeParse({
      ...complete,
      title: 'x'.repeat(201),
      linkUrl: 'javascript:alert(1)',
      salaryMin: 'viel',
      applicationEmails: ['not-an-address'],
      locations: [{ ...place, postalCode: '!' }],
      jobType: 'job_per_video',
    });
    expect(fieldErrors(result)).toEqual({
      title: 'job.error.tooLong',
      linkUrl: 'job.error.url',
      salaryMin: 'job.error.number',
      'applicationEmails.0': 'job.error.email',
      'locations.0.postalCode': 'job.error.postalCode',
      jobType: 'job.error.invalid',
    });
  });
});

describe('ready for Google for Jobs', () => {
  it('lists the missing recommended fields', () => {
    expect(missingRecommendedJobFields({ locations: [] })).toEqual(['salary', 'streetAddress', 'postalCode']);
    expect(missingRecommendedJobFields({ salaryMin: 40000, locations: [place, { ...place, postalCode: '' }] })).toEqual(
      ['postalCode'],
    );
    expect(missingRecommendedJobFields({ salaryMax: 1, locations: [place] })).toEqual([]);
  });
});
