/**
 * The application's settings, read once from the environment and validated with zod. A wrong or missing
 * value stops start-up with a message naming the variable and what it expects.
 *
 * This module runs under plain Node too (scripts/serve.mjs checks the configuration before the server
 * bundle loads), so it imports with explicit `.ts` extensions and uses only erasable TypeScript.
 */
import { z } from 'zod';
import { brandIds } from '../../brands/ids.ts';

const optionalUrl = (protocols: readonly string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || (URL.canParse(value) && protocols.includes(new URL(value).protocol)), {
      message: `expected a URL such as ${example}`,
    });

/** An OpenID Connect issuer (discovery at `<issuer>/.well-known/openid-configuration`); the real one when unset. */
const issuerUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value))
    .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), {
      message: `expected an issuer URL such as ${fallback}`,
    });

const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * A whole number from `min` to `max` (one message, naming what is expected, for every way to miss it), or
 * undefined when unset.
 */
const wholeNumberOrUnset = (min: number, max: number, expected = `a whole number from ${min} to ${max}`) => {
  const error = `expected ${expected}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).optional();
};

const wholeNumber = (min: number, max: number, fallback: number, expected?: string) =>
  wholeNumberOrUnset(min, max, expected).default(fallback);

const limitCount = (fallback: number, max: number) => wholeNumber(1, max, fallback);

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    FRONTEND: z.enum(brandIds, { error: `expected one of the brands: ${brandIds.join(', ')}` }).default('tagblatt'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: wholeNumber(1, 65535, 3002, 'a port number between 1 and 65535'),
    /**
     * The public origin (src/server/public-origin.ts): every absolute link, the allowed Host, Secure cookies
     * and HSTS follow it. Required with DATABASE_URL; otherwise http://<HOST>:<PORT> (localhost for 0.0.0.0).
     */
    SITE_URL: optionalUrl(['http:', 'https:'], 'https://jobs.example.de'),
    /** PostgreSQL for production; unset means the embedded PGlite database. */
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:password@127.0.0.1:5432/jobboard'),
    PGLITE_DIR: z.string().min(1).default('./data/pglite'),
    /** A separate GraphQL backend; unset means the in-process schema. */
    BACKEND_URL: optionalUrl(['http:', 'https:'], 'https://backend.example.de/graphql'),
    /** Signs session cookies and backend tokens. Read at run time only, never inlined into the build. */
    AUTH_SECRET: z
      .string()
      .min(32, { error: 'expected a random secret of at least 32 characters (e.g. `openssl rand -base64 32`)' })
      .optional(),
    /** Outgoing mail; unset writes .eml files to ./data/mail. */
    SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.de:587'),
    MAIL_DIR: z.string().min(1).default('./data/mail'),
    /** Uploaded files, outside public/ (read by src/server/storage). */
    UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
    /** Demo data for the embedded database on first start; tests ask for less. */
    DEMO_DATA: z.enum(['on', 'off'], { error: 'expected on or off' }).default('on'),
    DEMO_JOBS: z.coerce.number({ error: 'expected a whole number of jobs' }).int().min(1).max(1_000_000).default(5000),
    DEMO_ORGANIZATIONS: z.coerce
      .number({ error: 'expected a whole number of organizations' })
      .int()
      .min(1)
      .max(100_000)
      .default(300),
    /**
     * The in-memory job index (decision 0008, docs/scaling.md) is built only while the database holds at most
     * this many published jobs; above, the SQL search answers alone, so no worker builds a copy it cannot hold
     * within its 512 MB limit.
     */
    SEARCH_INDEX_MAX_JOBS: wholeNumber(
      0,
      Number.MAX_SAFE_INTEGER,
      300_000,
      'a whole number of jobs (0 turns the index off)',
    ),
    /**
     * The machine's job search service (decision 0031, scripts/search-service.mjs): a Unix socket path. The
     * workers ask it first; it holds one copy of the job index for the whole machine, up to
     * SEARCH_SERVICE_MAX_JOBS published jobs. PostgreSQL only (PGlite is one process).
     */
    SEARCH_SERVICE_SOCKET: optionalText(),
    SEARCH_SERVICE_MAX_JOBS: wholeNumber(
      0,
      Number.MAX_SAFE_INTEGER,
      2_000_000,
      'a whole number of jobs (0: the service holds no index)',
    ),
    /**
     * The in-memory resume index (src/server/search/resume-index.ts) is built only while the database holds
     * at most this many visible resumes; above, the SQL resume search answers alone.
     */
    SEARCH_INDEX_MAX_RESUMES: wholeNumber(
      0,
      Number.MAX_SAFE_INTEGER,
      300_000,
      'a whole number of resumes (0 turns the index off)',
    ),
    LOG_LEVEL: z
      .enum(['debug', 'info', 'warn', 'error'], { error: 'expected one of debug, info, warn, error' })
      .default('info'),
    /** Social sign-in: a provider is offered when the brand enables it and both values are set. */
    LINKEDIN_CLIENT_ID: optionalText(),
    LINKEDIN_CLIENT_SECRET: optionalText(),
    GOOGLE_CLIENT_ID: optionalText(),
    GOOGLE_CLIENT_SECRET: optionalText(),
    /**
     * OpenID Connect issuers of the OIDC providers, for discovery. Only for a test or staging identity
     * provider standing in for the real one; the defaults are LinkedIn's and Google's.
     */
    LINKEDIN_ISSUER: issuerUrl('https://www.linkedin.com/oauth'),
    GOOGLE_ISSUER: issuerUrl('https://accounts.google.com'),
    FACEBOOK_CLIENT_ID: optionalText(),
    FACEBOOK_CLIENT_SECRET: optionalText(),
    /** Sender of account mails (verification, password reset). */
    MAIL_FROM: z.string().trim().min(3).default('Jobboard <no-reply@jobboard.invalid>'),
    /** Abuse limits per sliding hour (src/server/auth/rate-limit.ts). */
    SIGNIN_FAILURES_PER_ACCOUNT: limitCount(100, 100),
    SIGNIN_FAILURES_PER_IP: limitCount(30, 10_000),
    REGISTRATIONS_PER_IP: limitCount(50, 10_000),
    ACCOUNT_MAILS_PER_HOUR: limitCount(5, 10_000),
    /** Request limits of the HTTP endpoints, shared by all processes (src/server/limits/request-rate.ts). */
    RATE_LIMIT_GRAPHQL_PER_MINUTE: limitCount(600, 1_000_000),
    RATE_LIMIT_AUTH_LOG_PER_MINUTE: limitCount(30, 1_000_000),
    RATE_LIMIT_UPLOADS_PER_HOUR: limitCount(30, 1_000_000),
    RATE_LIMIT_DOWNLOADS_PER_MINUTE: limitCount(120, 1_000_000),
    /**
     * Memory for rendered anonymous pages (src/server/page-cache); 0 turns the cache off. By default 32 MB
     * in each PostgreSQL worker, 16 MB in the one embedded process, whose budget is 350 MB in all (about
     * 1,300 brotli pages; issue 12). The default depends on DATABASE_URL: the transform at the end fills it.
     */
    PAGE_CACHE_MB: z.preprocess(
      (value) => (value === '' ? undefined : value),
      wholeNumberOrUnset(0, 4096, 'a whole number of megabytes from 0 to 4096'),
    ),
    /**
     * The AI job description (SPEC section 9): an OpenAI-compatible chat completions endpoint. Without a
     * base URL and a model the feature is off and the form shows no button (aiJobDescriptionSettings).
     */
    AI_DESCRIPTION_BASE_URL: optionalUrl(['http:', 'https:'], 'https://api.openai.com/v1'),
    AI_DESCRIPTION_API_KEY: optionalText(),
    AI_DESCRIPTION_MODEL: optionalText(),
    /**
     * Measurement (issue 18). The GA4 Measurement Protocol endpoint POST /api/gmapi relays to, with its
     * measurement_id and api_secret in the query (brands with measurementRelay); the conversion API endpoint
     * POST /api/conversionapi relays to (brands with conversion events); the GA4 measurement id the gtag
     * script is loaded for after consent (brands with ga4Display); the snowplow tracker's script, a path on
     * this site (the Content-Security-Policy allows no other host for it), and its collector.
     */
    GA4_MEASUREMENT_PROTOCOL_URL: optionalUrl(
      ['http:', 'https:'],
      'https://region1.google-analytics.com/mp/collect?measurement_id=G-XXXX&api_secret=…',
    ),
    CONVERSION_API_URL: optionalUrl(['http:', 'https:'], 'https://conversions.example.de/events'),
    GA4_MEASUREMENT_ID: z
      .string()
      .trim()
      .regex(/^G-[A-Z0-9]{4,16}$/, { error: 'expected a GA4 measurement id such as G-ABC123XYZ' })
      .optional(),
    SNOWPLOW_SCRIPT_PATH: z
      .string()
      .trim()
      .regex(/^\/[\w./-]+\.js$/, { error: 'expected a path on this site such as /vendor/sp.js' })
      .optional(),
    SNOWPLOW_COLLECTOR_URL: optionalUrl(['http:', 'https:'], 'https://collector.example.de'),
    RATE_LIMIT_MEASUREMENT_PER_MINUTE: limitCount(120, 1_000_000),
    /** The longest a whole draft may take, from the request to the last word. */
    AI_DESCRIPTION_TIMEOUT_SECONDS: wholeNumber(1, 600, 60, 'a whole number of seconds from 1 to 600'),
    /** Drafts per user and hour (they cost money at the provider). */
    RATE_LIMIT_AI_DESCRIPTIONS_PER_HOUR: limitCount(20, 10_000),
    /**
     * The browser tests' hook that runs the job alert digests as if at a later time (POST
     * /api/test/job-alert-digests). Only "1" turns it on; refused with DATABASE_URL (production).
     */
    TEST_HOOKS: z.enum(['0', '1'], { error: 'expected 1 (on) or 0 (off)' }).default('0'),
  })
  .superRefine((config, context) => {
    // Half a configuration is a mistake, not "feature off": name what is missing.
    const ai = {
      AI_DESCRIPTION_BASE_URL: config.AI_DESCRIPTION_BASE_URL,
      AI_DESCRIPTION_MODEL: config.AI_DESCRIPTION_MODEL,
    };
    if (
      config.AI_DESCRIPTION_BASE_URL !== undefined ||
      config.AI_DESCRIPTION_MODEL !== undefined ||
      config.AI_DESCRIPTION_API_KEY !== undefined
    ) {
      for (const [variable, value] of Object.entries(ai)) {
        if (value === undefined) {
          context.addIssue({
            code: 'custom',
            path: [variable],
            message:
              'required for the AI job description when any AI_DESCRIPTION_ variable is set (unset all of them to turn it off)',
          });
        }
      }
    }
    if (config.SEARCH_SERVICE_SOCKET !== undefined && config.DATABASE_URL === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['SEARCH_SERVICE_SOCKET'],
        message: 'needs DATABASE_URL: the embedded PGlite database cannot be shared with a search process',
      });
    }
    if (config.TEST_HOOKS === '1' && config.DATABASE_URL !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['TEST_HOOKS'],
        message: 'the test hooks are for the embedded database of the browser tests, never with DATABASE_URL',
      });
    }
    // Several processes share a PostgreSQL database, so they must share one signing secret too; only the
    // single-process embedded demo may create its own (see src/server/auth/secret.ts).
    if (config.DATABASE_URL !== undefined && config.AUTH_SECRET === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'required when DATABASE_URL is set: a random secret of at least 32 characters shared by all processes',
      });
    }
    // Production (PostgreSQL, PM2, a reverse proxy) must name its public origin: links in mails, canonical
    // URLs, the allowed Host and Secure cookies all follow it, never the request's Host header.
    if (config.DATABASE_URL !== undefined && config.SITE_URL === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message: 'required when DATABASE_URL is set: the public origin of the site, e.g. https://jobs.example.de',
      });
    }
  })
  .transform((config) => ({ ...config, PAGE_CACHE_MB: config.PAGE_CACHE_MB ?? (config.DATABASE_URL ? 32 : 16) }));

export type AppConfig = z.infer<typeof configSchema>;

/** Variables whose value must never appear in an error message. */
const secretVariables = new Set([
  'AUTH_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'LINKEDIN_CLIENT_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_SECRET',
  'AI_DESCRIPTION_API_KEY',
  'GA4_MEASUREMENT_PROTOCOL_URL',
  'CONVERSION_API_URL',
]);

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Validates an environment; throws a ConfigError listing every wrong variable. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? 'environment');
    const received = env[variable];
    const shown = received === undefined || secretVariables.has(variable) ? '' : ` (got "${received}")`;
    return `${variable}: ${issue.message}${shown}`;
  });
  throw new ConfigError(problems);
}

/** Where and how the AI job description drafts (SPEC section 9); null when the feature is off. */
export interface AiDescriptionSettings {
  baseURL: string;
  /** Empty for a local server that needs none. */
  apiKey: string;
  model: string;
  timeoutMs: number;
  draftsPerHour: number;
}

export function aiDescriptionSettings(config: AppConfig): AiDescriptionSettings | null {
  const { AI_DESCRIPTION_BASE_URL: baseURL, AI_DESCRIPTION_MODEL: model } = config;
  if (baseURL === undefined || model === undefined) return null;
  return {
    baseURL,
    apiKey: config.AI_DESCRIPTION_API_KEY ?? '',
    model,
    timeoutMs: config.AI_DESCRIPTION_TIMEOUT_SECONDS * 1000,
    draftsPerHour: config.RATE_LIMIT_AI_DESCRIPTIONS_PER_HOUR,
  };
}

let cached: AppConfig | undefined;

/** The process configuration, validated on first use and then kept. */
export function getConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
