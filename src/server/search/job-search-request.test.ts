import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { jobSearchRequestSchema } from './job-search-request';

const schema = jobSearchRequestSchema({ radiusOptionsKm: [5, 25, 50], defaultRadiusKm: 25 });

const refusal = (input: unknown) => {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof AppError) return error;
  }
  throw new Error('accepted');
};

describe('the job search request (one schema for the API and the engines)', () => {
  it('fills the defaults, the brand radius and adds up repeated facet fields', () => {
    expect(
      parseInput(schema, {
        search: 'Pflege',
        location: { lat: 48.5, lon: 9.05, label: 'Tübingen' },
        facets: [
          { field: 'employmentType', values: ['3'] },
          { field: 'employmentType', values: ['5'] },
        ],
      }),
    ).toEqual({
      search: 'Pflege',
      title: undefined,
      category: undefined,
      facets: { employmentType: ['3', '5'] },
      location: { lat: 48.5, lon: 9.05, radiusKm: 25, label: 'Tübingen', locationType: 'city' },
      minYearlySalary: undefined,
      sort: 'relevancy',
      page: 1,
      pageSize: 10,
    });
  });

  it('refuses what is out of range with a message naming the field and the rule', () => {
    expect(refusal({ location: { lat: 91, lon: 0 } }).details?.fieldErrors).toEqual({
      'location.lat': 'location.lat must be between -90 and 90',
    });
    expect(refusal({ location: { lat: 48, lon: 9, radius: 7 } }).message).toContain(
      'location.radius must be one of 5, 25, 50 km',
    );
    expect(refusal({ page: 1001 }).message).toContain('page must be between 1 and 1000');
    expect(refusal({ pageSize: 2.5 }).code).toBe('BAD_USER_INPUT');
    expect(refusal({ facets: [{ field: 'company', values: ['acme'] }] }).message).toContain('facet values must be ids');
    expect(refusal({ search: 'a\u0000b' }).message).toContain('search must not contain control characters');
  });
});
