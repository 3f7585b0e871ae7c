import { describe, expect, it } from 'vitest';
import {
  canonicalListingQuery,
  canonicalQuery,
  countCleanFacets,
  emptySearchState,
  extraParams,
  isIndexable,
  normalizeFacetValues,
  pageOffset,
  parseSearchParams,
  searchTextIssues,
  searchUrl,
  toSearchInput,
  toSearchParams,
  withFacetValue,
  withPage,
  type JobSearchState,
  type SearchUrlOptions,
} from './search-url';

const options: SearchUrlOptions = {
  radiusOptionsKm: [5, 25, 50, 100, 200],
  defaultRadiusKm: 100,
  radiusHiddenForLocationTypes: ['country', 'administrative_area'],
};
const seo = { ...options, maxCleanFacets: 2 };

const parse = (query: string) => parseSearchParams(new URLSearchParams(query), options);
const serialize = (state: JobSearchState) => toSearchParams(state, options).toString();
const state = (patch: Partial<JobSearchState>): JobSearchState => ({ ...emptySearchState(), ...patch });
const ulm = { label: 'Ulm', point: { lat: 48.39841, lon: 9.99155 }, locationType: 'city' as const, radius: 100 };

describe('parseSearchParams: what is a facet filter (SPEC 5)', () => {
  it('reads an empty query as the empty search', () => {
    expect(parse('')).toEqual(emptySearchState());
  });

  it('turns parameters named like a facet field into filters', () => {
    expect(
      parse('remoteOptions=1&employmentType=2&industry=3&occupations=4&yearsOfExperience=5&company=6').facets,
    ).toEqual({
      remoteOptions: ['1'],
      employmentType: ['2'],
      industry: ['3'],
      occupations: ['4'],
      yearsOfExperience: ['5'],
      company: ['6'],
    });
  });

  it('never treats page, jobId, locale, region, search, location or sorting as facet filters', () => {
    const parsed = parse('page=2&jobId=7&locale=fr&region=bw&search=Koch&location=Ulm&sort=publish_date_desc');
    expect(parsed.facets).toEqual({});
    expect(parsed).toMatchObject({ page: 2, search: 'Koch', sort: 'publish_date_desc' });
    expect(parsed.location?.label).toBe('Ulm');
  });

  it('ignores unknown parameters and facet names in another case', () => {
    expect(parse('color=red&EmploymentType=3&utm_source=x')).toEqual(emptySearchState());
  });
});

describe('facet values', () => {
  it('splits a comma-separated value of all numbers and removes duplicates', () => {
    expect(parse('employmentType=3,5,3').facets.employmentType).toEqual(['3', '5']);
  });

  it('keeps a comma-separated value with non-numbers as one value, which is then no id and dropped', () => {
    expect(parse('company=M%C3%BCller,%20Meier').facets.company).toBeUndefined();
    expect(parse('employmentType=3,a&employmentType=4').facets.employmentType).toEqual(['4']);
  });

  it('accepts repeated parameters, mixed with comma lists', () => {
    expect(parse('employmentType=5&employmentType=3,4&employmentType=5').facets.employmentType).toEqual([
      '3',
      '4',
      '5',
    ]);
  });

  it('drops empty values and the facet when nothing is left', () => {
    expect(parse('employmentType=&employmentType=%20&industry=,').facets).toEqual({});
    expect(normalizeFacetValues(['', ' '])).toEqual([]);
  });

  it('keeps ids only: no words, negative, decimal or out-of-range numbers (SPEC 5)', () => {
    expect(normalizeFacetValues(['abc', '-3', '1.5', '0', '1e3', '2147483648', '99999999999999999999', '7'])).toEqual([
      '7',
    ]);
    expect(parse('employmentType=abc&company=-1&industry=1.5').facets).toEqual({});
    expect(parse('employmentType=%00').facets).toEqual({});
  });

  it('sorts ids numerically', () => {
    expect(normalizeFacetValues(['10', '9', ' 2 ', '2147483647'])).toEqual(['2', '9', '10', '2147483647']);
  });
});

describe('minimum salary', () => {
  it('reads a positive amount up to a billion, rounded; drops anything else', () => {
    expect(parse('minSalary=45000.4').minSalary).toBe(45000);
    expect(parse('minSalary=1000000000').minSalary).toBe(1_000_000_000);
    for (const value of ['1000000001', '1e20', '-5', '0', 'abc', 'Infinity']) {
      expect(parse(`minSalary=${value}`).minSalary, value).toBeNull();
    }
  });
});

describe('searchTextIssues', () => {
  const issues = (query: string) => searchTextIssues(new URLSearchParams(query));

  it('accepts ordinary searches', () => {
    expect(issues('search=Pflege&title=Koch&location=Ulm')).toEqual([]);
    expect(issues(`search=${'a'.repeat(200)}`)).toEqual([]);
  });

  it('names each text parameter with control characters or too many characters', () => {
    expect(issues(`search=a%00b&title=${'t'.repeat(201)}&location=${'u'.repeat(101)}`)).toEqual([
      { param: 'search', problem: 'control', maxLength: 200 },
      { param: 'title', problem: 'tooLong', maxLength: 200 },
      { param: 'location', problem: 'tooLong', maxLength: 100 },
    ]);
  });
});

describe('location', () => {
  it('reads label, coordinates, type and radius', () => {
    expect(parse('location=Ulm&lat=48.398412&lon=9.991554&radius=25').location).toEqual({
      label: 'Ulm',
      point: { lat: 48.39841, lon: 9.99155 },
      locationType: 'city',
      radius: 25,
    });
  });

  it('keeps a label without coordinates unresolved', () => {
    expect(parse('location=%20Ulm%20').location).toEqual({
      label: 'Ulm',
      point: null,
      locationType: 'city',
      radius: 100,
    });
  });

  it('needs both coordinates, in range', () => {
    expect(parse('location=Ulm&lat=48.4').location?.point).toBeNull();
    expect(parse('location=Ulm&lat=91&lon=9').location?.point).toBeNull();
    expect(parse('location=Ulm&lat=abc&lon=9').location?.point).toBeNull();
    expect(parse('lat=48.4&lon=10').location).toMatchObject({ label: '', point: { lat: 48.4, lon: 10 } });
  });

  it('uses the brand default for a missing radius or one outside the options', () => {
    expect(parse('location=Ulm&radius=37').location?.radius).toBe(100);
    expect(parse('location=Ulm&radius=-5').location?.radius).toBe(100);
    expect(parse('location=Ulm').location?.radius).toBe(100);
    const jobregio = { ...options, defaultRadiusKm: 25 };
    expect(parseSearchParams(new URLSearchParams('location=Ulm'), jobregio).location?.radius).toBe(25);
  });

  it('has no radius for administrative areas and countries', () => {
    expect(parse('location=Bayern&lat=48.9&lon=11.4&locationType=administrative_area&radius=5').location).toMatchObject(
      {
        locationType: 'administrative_area',
        radius: 100,
      },
    );
    expect(serialize(parse('location=Bayern&lat=48.9&lon=11.4&locationType=administrative_area&radius=5'))).toBe(
      'location=Bayern&lat=48.9&lon=11.4&locationType=administrative_area',
    );
  });

  it('reads an unknown location type as city', () => {
    expect(parse('location=Ulm&locationType=planet').location?.locationType).toBe('city');
  });

  it('ignores a radius without a location', () => {
    expect(parse('radius=25').location).toBeNull();
  });
});

describe('sort, page and salary', () => {
  it('knows publish_date_desc; relevancy and anything else is the default', () => {
    expect(parse('sort=publish_date_desc').sort).toBe('publish_date_desc');
    expect(parse('sort=relevancy').sort).toBe('relevancy');
    expect(parse('sort=title').sort).toBe('relevancy');
    expect(serialize(parse('sort=relevancy'))).toBe('');
  });

  it('reads page as a positive integer, else page 1', () => {
    expect(parse('page=3').page).toBe(3);
    for (const page of ['0', '-2', '2.5', 'x', '', '1e3']) expect(parse(`page=${page}`).page).toBe(1);
  });

  it('starts page n at (n-1) × page size (SPEC 5)', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 10)).toBe(20);
  });

  it('reads a positive minimum salary', () => {
    expect(parse('minSalary=45000').minSalary).toBe(45000);
    expect(parse('minSalary=0').minSalary).toBeNull();
    expect(parse('minSalary=viel').minSalary).toBeNull();
  });

  it('trims and collapses the spaces of free text', () => {
    expect(parse('search=%20Pflege%20%20Ulm%20&title=Koch').search).toBe('Pflege Ulm');
  });
});

describe('toSearchParams: canonical URL', () => {
  it('writes parameters in canonical order, facet values as repeated parameters', () => {
    const query = 'page=2&sort=publish_date_desc&employmentType=5,3&search=Koch&location=Ulm&lat=48.4&lon=10&radius=25';
    expect(serialize(parse(query))).toBe(
      'search=Koch&location=Ulm&lat=48.4&lon=10&radius=25&employmentType=3&employmentType=5&sort=publish_date_desc&page=2',
    );
  });

  it('drops empty and default values (what a plain GET form sends)', () => {
    expect(serialize(parse('search=&location=&lat=&lon=&locationType=&radius=100&sort=relevancy&page=1'))).toBe('');
    expect(serialize(parse('search=&location=Ulm&radius=100'))).toBe('location=Ulm');
  });

  it('keeps the default radius out and another radius in', () => {
    expect(serialize(state({ location: { ...ulm, radius: 100 } }))).toBe('location=Ulm&lat=48.39841&lon=9.99155');
    expect(serialize(state({ location: { ...ulm, radius: 5 } }))).toBe(
      'location=Ulm&lat=48.39841&lon=9.99155&radius=5',
    );
  });

  it('round-trips: state → URL → the same state', () => {
    const states: JobSearchState[] = [
      emptySearchState(),
      state({ search: 'Pflege', page: 4 }),
      state({ title: 'Koch', minSalary: 40000, sort: 'publish_date_desc' }),
      state({ location: { ...ulm, radius: 25 }, facets: { employmentType: ['3', '5'], company: ['17'] } }),
      state({
        location: { label: 'Frankreich', point: { lat: 46.2, lon: 2.2 }, locationType: 'country', radius: 100 },
      }),
      state({ location: { label: 'Ulm', point: null, locationType: 'city', radius: 50 } }),
    ];
    for (const original of states) expect(parse(serialize(original))).toEqual(original);
  });

  it('round-trips: URL → state → the canonical URL, which is stable', () => {
    const canonical = serialize(parse('employmentType=3,5,3&location=Ulm&search=it'));
    expect(canonical).toBe('search=it&location=Ulm&employmentType=3&employmentType=5');
    expect(serialize(parse(canonical))).toBe(canonical);
  });

  it('encodes special characters', () => {
    const url = searchUrl('/jobs', state({ search: 'C++ & Co' }), options);
    expect(url).toBe('/jobs?search=C%2B%2B+%26+Co');
    expect(parse(url.split('?')[1]!).search).toBe('C++ & Co');
  });
});

describe('canonicalQuery', () => {
  it('equals the query when it is canonical, so the page redirects at most once', () => {
    expect(canonicalQuery('?search=Pflege&location=Ulm', options)).toBe('?search=Pflege&location=Ulm');
    expect(canonicalQuery('', options)).toBe('');
  });

  it('normalizes the search parameters and keeps the others after them', () => {
    expect(canonicalQuery('?utm_source=news&search=&employmentType=5&employmentType=3&page=1', options)).toBe(
      '?employmentType=3&employmentType=5&utm_source=news',
    );
    expect(extraParams(new URLSearchParams('jobId=4&search=x&utm_source=y'))).toEqual([
      ['jobId', '4'],
      ['utm_source', 'y'],
    ]);
  });

  it('gives the same query for another page, keeping every other parameter', () => {
    expect(canonicalQuery('?search=Pflege&page=1001&utm_source=x', options, 3)).toBe(
      '?search=Pflege&page=3&utm_source=x',
    );
    expect(canonicalQuery('?page=9&location=Ulm', options, 1)).toBe('?location=Ulm');
  });
});

describe('state helpers', () => {
  it('adds and removes facet values and goes back to page 1', () => {
    const base = state({ page: 3, facets: { employmentType: ['3'] } });
    expect(withFacetValue(base, 'employmentType', '1', true)).toMatchObject({
      page: 1,
      facets: { employmentType: ['1', '3'] },
    });
    expect(withFacetValue(base, 'employmentType', '3', false).facets).toEqual({});
  });

  it('changes the page only', () => {
    expect(serialize(withPage(state({ search: 'x' }), 2))).toBe('search=x&page=2');
    expect(serialize(withPage(state({ search: 'x', page: 2 }), 1))).toBe('search=x');
  });
});

describe('toSearchInput', () => {
  it('maps the state and the category to JobSearchInput', () => {
    const input = toSearchInput(
      state({
        search: 'Pflege',
        title: 'Leitung',
        location: { ...ulm, radius: 25 },
        facets: { company: ['7'], employmentType: ['3', '5'] },
        minSalary: 40000,
        sort: 'publish_date_desc',
        page: 2,
      }),
      'gesundheit-soziales',
      { ...options, pageSize: 10 },
    );
    expect(input).toEqual({
      search: 'Pflege',
      title: 'Leitung',
      category: 'gesundheit-soziales',
      location: { lat: 48.39841, lon: 9.99155, radius: 25, label: 'Ulm', locationType: 'city' },
      facets: [
        { field: 'employmentType', values: ['3', '5'] },
        { field: 'company', values: ['7'] },
      ],
      minYearlySalary: 40000,
      sort: 'publish_date_desc',
      page: 2,
      pageSize: 10,
    });
  });

  it('leaves out what is not set, an unresolved place and the radius of a region', () => {
    expect(toSearchInput(emptySearchState(), null, { ...options, pageSize: 10 })).toEqual({
      sort: 'relevancy',
      page: 1,
      pageSize: 10,
    });
    expect(
      toSearchInput(state({ location: { ...ulm, point: null } }), null, { ...options, pageSize: 10 }).location,
    ).toBeUndefined();
    const region = state({ location: { ...ulm, label: 'Bayern', locationType: 'administrative_area' } });
    expect(toSearchInput(region, null, { ...options, pageSize: 10 }).location).not.toHaveProperty('radius');
  });
});

describe('SEO: clean facets and indexing (SPEC 9: 2 clean facets for jobs)', () => {
  it('counts the category, a named place and single-valued facets', () => {
    expect(countCleanFacets(emptySearchState())).toBe(0);
    expect(countCleanFacets(emptySearchState(), 'minijobs')).toBe(1);
    expect(countCleanFacets(state({ location: ulm, facets: { employmentType: ['3'] } }), 'minijobs')).toBe(3);
    expect(countCleanFacets(state({ facets: { employmentType: ['3', '5'] } }))).toBe(0);
  });

  it('indexes listings with up to 2 clean facets and results', () => {
    expect(isIndexable(emptySearchState(), 10, seo)).toBe(true);
    expect(isIndexable(state({ location: ulm }), 10, { ...seo, category: 'minijobs' })).toBe(true);
    expect(isIndexable(state({ facets: { employmentType: ['3'], industry: ['4'] } }), 10, seo)).toBe(true);
  });

  it('does not index 3 clean facets or an empty listing', () => {
    expect(isIndexable(state({ facets: { employmentType: ['3'], industry: ['4'], company: ['1'] } }), 10, seo)).toBe(
      false,
    );
    expect(
      isIndexable(state({ location: ulm, facets: { company: ['1'] } }), 10, { ...seo, category: 'minijobs' }),
    ).toBe(false);
    expect(isIndexable(emptySearchState(), 0, seo)).toBe(false);
  });

  it('does not index free text, salary, sorting, later pages, multi-valued facets, radius or bare coordinates', () => {
    for (const patch of [
      { search: 'Koch' },
      { title: 'Koch' },
      { minSalary: 30000 },
      { sort: 'publish_date_desc' as const },
      { page: 2 },
      { facets: { employmentType: ['3', '5'] } },
      { location: { ...ulm, radius: 25 } },
      { location: { ...ulm, label: '' } },
    ]) {
      expect(isIndexable(state(patch), 10, seo), JSON.stringify(patch)).toBe(false);
    }
  });

  it('gives indexable listings a canonical query of their clean facets, the place by name', () => {
    expect(canonicalListingQuery(state({ location: ulm, facets: { employmentType: ['3'] } }), options)).toBe(
      '?location=Ulm&employmentType=3',
    );
    expect(canonicalListingQuery(emptySearchState(), options)).toBe('');
  });
});

describe('another entity: the facet fields of SearchUrlOptions', () => {
  const entity = { ...options, facetFields: ['industry', 'fieldsOfStudy'] as const };

  it('reads, writes and counts only its own facets; job facets stay other parameters', () => {
    const query = 'fieldsOfStudy=4&employmentType=3&industry=9,2&utm_source=x';
    const parsed = parseSearchParams(new URLSearchParams(query), entity);
    expect(parsed.facets).toEqual({ industry: ['2', '9'], fieldsOfStudy: ['4'] });
    expect(canonicalQuery(query, entity)).toBe('?industry=2&industry=9&fieldsOfStudy=4&employmentType=3&utm_source=x');
    expect(countCleanFacets(parsed, null, entity)).toBe(1);
    expect(isIndexable(parsed, 5, { ...entity, maxCleanFacets: 3 })).toBe(false);
    const single = withFacetValue(parsed, 'industry', '9', false);
    expect(isIndexable(single, 5, { ...entity, maxCleanFacets: 3 })).toBe(true);
    expect(isIndexable(single, 5, { ...entity, maxCleanFacets: 1 })).toBe(false);
  });
});
