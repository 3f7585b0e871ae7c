import { describe, expect, it } from 'vitest';
import { aiDescriptionSettings, ConfigError, parseConfig } from './config';

describe('configuration', () => {
  it('has defaults that serve the default brand on port 3002 with the embedded database', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ FRONTEND: 'tagblatt', PORT: 3002, PGLITE_DIR: './data/pglite' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the variable and lists the brands for an unknown FRONTEND', () => {
    expect(() => parseConfig({ FRONTEND: 'foo' })).toThrow(ConfigError);
    expect(() => parseConfig({ FRONTEND: 'foo' })).toThrow(
      /FRONTEND: expected one of the brands: tagblatt, jobregio, suedjobs \(got "foo"\)/,
    );
  });

  it('reports every wrong variable at once', () => {
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT: expected a port number/);
      expect(problems).toMatch(/DATABASE_URL: expected a URL such as postgres:/);
      expect(problems).toMatch(/LOG_LEVEL: expected one of debug, info, warn, error/);
    }
  });

  it('limits the in-memory job index to 300,000 published jobs unless told otherwise', () => {
    expect(parseConfig({}).SEARCH_INDEX_MAX_JOBS).toBe(300_000);
    expect(parseConfig({ SEARCH_INDEX_MAX_JOBS: '0' }).SEARCH_INDEX_MAX_JOBS).toBe(0);
    expect(() => parseConfig({ SEARCH_INDEX_MAX_JOBS: 'lots' })).toThrow(
      /SEARCH_INDEX_MAX_JOBS: expected a whole number of jobs \(0 turns the index off\) \(got "lots"\)/,
    );
  });

  it('keeps 16 MB of rendered pages in the embedded process and 32 MB in a PostgreSQL worker unless told otherwise; 0 turns the page cache off', () => {
    expect(parseConfig({}).PAGE_CACHE_MB).toBe(16);
    expect(parseConfig({ PAGE_CACHE_MB: '' }).PAGE_CACHE_MB).toBe(16);
    const production = {
      DATABASE_URL: 'postgres://jobs@127.0.0.1:5432/jobs',
      AUTH_SECRET: 'a'.repeat(32),
      SITE_URL: 'https://jobs.example.de',
    };
    expect(parseConfig(production).PAGE_CACHE_MB).toBe(32);
    expect(parseConfig({ ...production, PAGE_CACHE_MB: '64' }).PAGE_CACHE_MB).toBe(64);
    expect(parseConfig({ PAGE_CACHE_MB: '48' }).PAGE_CACHE_MB).toBe(48);
    expect(parseConfig({ PAGE_CACHE_MB: '0' }).PAGE_CACHE_MB).toBe(0);
    expect(() => parseConfig({ PAGE_CACHE_MB: '-1' })).toThrow(
      /PAGE_CACHE_MB: expected a whole number of megabytes from 0 to 4096/,
    );
  });

  it('never prints secret values', () => {
    expect(() => parseConfig({ AUTH_SECRET: 'short-secret' })).toThrow(/AUTH_SECRET: expected a random secret/);
    expect(() => parseConfig({ AUTH_SECRET: 'short-secret' })).not.toThrow(/short-secret/);
  });

  it('demands AUTH_SECRET with a shared PostgreSQL database', () => {
    expect(() => parseConfig({ DATABASE_URL: 'postgres://127.0.0.1/jobs' })).toThrow(
      /AUTH_SECRET: required when DATABASE_URL is set/,
    );
    expect(
      parseConfig({
        DATABASE_URL: 'postgres://127.0.0.1/jobs',
        AUTH_SECRET: 'x'.repeat(32),
        SITE_URL: 'https://a.example',
      }).AUTH_SECRET,
    ).toHaveLength(32);
  });

  it('takes the search process socket only with PostgreSQL, and bounds its copy at 2,000,000 jobs', () => {
    expect(() => parseConfig({ SEARCH_SERVICE_SOCKET: '/run/jobboard/search.sock' })).toThrow(
      /SEARCH_SERVICE_SOCKET: needs DATABASE_URL/,
    );
    const production = {
      DATABASE_URL: 'postgres://127.0.0.1/jobs',
      AUTH_SECRET: 'x'.repeat(32),
      SITE_URL: 'https://jobs.example.de',
    };
    const config = parseConfig({ ...production, SEARCH_SERVICE_SOCKET: '/run/jobboard/search.sock' });
    expect(config.SEARCH_SERVICE_SOCKET).toBe('/run/jobboard/search.sock');
    expect(config.SEARCH_SERVICE_MAX_JOBS).toBe(2_000_000);
    expect(parseConfig({ ...production, SEARCH_SERVICE_SOCKET: '' }).SEARCH_SERVICE_SOCKET).toBeUndefined();
  });

  it('demands SITE_URL, the public origin, with a shared PostgreSQL database', () => {
    const production = { DATABASE_URL: 'postgres://127.0.0.1/jobs', AUTH_SECRET: 'x'.repeat(32) };
    expect(() => parseConfig(production)).toThrow(/SITE_URL: required when DATABASE_URL is set: the public origin/);
    expect(parseConfig({ ...production, SITE_URL: 'https://jobs.example.de' }).SITE_URL).toBe(
      'https://jobs.example.de',
    );
    expect(() => parseConfig({ ...production, SITE_URL: 'ftp://jobs.example.de' })).toThrow(
      /SITE_URL: expected a URL such as https:\/\/jobs.example.de \(got "ftp:\/\/jobs.example.de"\)/,
    );
  });

  it('treats empty optional URLs as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', BACKEND_URL: '' })).toMatchObject({
      DATABASE_URL: undefined,
      BACKEND_URL: undefined,
    });
  });

  it('turns the AI job description on with a base URL and a model, and names what half a setup lacks', () => {
    expect(aiDescriptionSettings(parseConfig({}))).toBeNull();
    expect(
      aiDescriptionSettings(
        parseConfig({ AI_DESCRIPTION_BASE_URL: 'http://127.0.0.1:11434/v1', AI_DESCRIPTION_MODEL: 'llama3' }),
      ),
    ).toEqual({
      baseURL: 'http://127.0.0.1:11434/v1',
      apiKey: '',
      model: 'llama3',
      timeoutMs: 60_000,
      draftsPerHour: 20,
    });
    expect(() => parseConfig({ AI_DESCRIPTION_API_KEY: 'sk-secret-value' })).toThrow(
      /AI_DESCRIPTION_BASE_URL: required for the AI job description[\s\S]*AI_DESCRIPTION_MODEL: required/,
    );
    expect(() => parseConfig({ AI_DESCRIPTION_API_KEY: 'sk-secret-value' })).not.toThrow(/sk-secret-value/);
    expect(() =>
      parseConfig({
        AI_DESCRIPTION_BASE_URL: 'ftp://x',
        AI_DESCRIPTION_MODEL: 'm',
        AI_DESCRIPTION_TIMEOUT_SECONDS: '0',
      }),
    ).toThrow(
      /AI_DESCRIPTION_BASE_URL: expected a URL[\s\S]*AI_DESCRIPTION_TIMEOUT_SECONDS: expected a whole number of seconds/,
    );
  });
});
