/**
 * The route table of SPEC section 2: every fact about the site's own paths in one list. The middleware
 * (endpoints, pages that need a session), the route resolution (pass-through, error pages, lowercase
 * forcing, tracking parameters, resumes off), the site paths (what the route lookup gets) and the SEO rules
 * (canonical links) all derive their path lists from it; none keeps a list of its own.
 *
 * Paths are internal paths: without the locale prefix and before route translation.
 */

export interface RouteRow {
  /** The path; `:name` stands for one path segment. */
  readonly path: string;
  /**
   * Whether the facts below (except `endpoint` and `reserved`, which always take every path starting with
   * `path`) hold for the paths below this one too (`/jobs/it`), not just for the path itself.
   */
  readonly below?: true;
  /** Served as requested: an endpoint or build asset, with no locale, redirect or session. */
  readonly endpoint?: true;
  /** A SPEC non-landing prefix: every path starting with it is a page of the site, never a landing page. */
  readonly reserved?: true;
  /** A page of the site on this path, outside the reserved prefixes. */
  readonly page?: true;
  /** An error page: it answers on its own path in every brand and is never redirected. */
  readonly errorPage?: true;
  /** Anonymous visitors are sent to sign-in and back. */
  readonly signIn?: true;
  /** Forced to lowercase, whatever case the visitor typed. */
  readonly lowercase?: true;
  /** The tracking parameters of SPEC section 2 are stripped from the query. */
  readonly stripsTrackingParams?: true;
  /** Exists only while the brand has this feature; otherwise it redirects to /404. */
  readonly feature?: 'resume';
  /** Error, personal and transactional pages carry no canonical link. */
  readonly noCanonical?: true;
  /** A sitemap (issue 19): answered by the sitemap endpoint, with no locale redirect or session. */
  readonly sitemap?: true;
  /** Crawlers are asked to stay out (robots.txt), with everything below it. */
  readonly disallowed?: true;
}

export const routeTable: readonly RouteRow[] = [
  { path: '/api/', endpoint: true, disallowed: true },
  { path: '/graphql', endpoint: true, disallowed: true },
  // Issue 19: robots.txt, the sitemap index and its stylesheet on every brand; the sitemaps of each kind
  // (and locale, on multilingual brands) are rewritten to the sitemap endpoint (src/lib/sitemaps.ts).
  { path: '/robots.txt', endpoint: true },
  { path: '/sitemap.xsl', endpoint: true },
  { path: '/sitemap.xml', sitemap: true },
  { path: '/:kind/sitemap.xml', sitemap: true },
  { path: '/:locale/:kind/sitemap.xml', sitemap: true },
  { path: '/media/', endpoint: true },
  { path: '/_astro/', endpoint: true },
  { path: '/_image', endpoint: true },
  { path: '/_server-islands/', endpoint: true },

  { path: '/', page: true },
  { path: '/jobs', below: true, reserved: true, lowercase: true, stripsTrackingParams: true },
  { path: '/job', reserved: true },
  { path: '/job/wizard', below: true, signIn: true, noCanonical: true, disallowed: true },
  // Issue 14: the quick apply page of an on-site or e-mail job (its island loads only here).
  { path: '/job/apply/:id', noCanonical: true },
  { path: '/job-manager', below: true, signIn: true, noCanonical: true, disallowed: true },
  { path: '/job-manager/new', signIn: true },
  { path: '/job-manager/edit/:id', signIn: true },
  { path: '/job-manager/moderation', signIn: true },
  { path: '/job-manager/moderation/:id', signIn: true },
  // Issue 19: the staff's blog editor.
  { path: '/job-manager/blog', signIn: true },
  { path: '/job-manager/blog/new', signIn: true },
  { path: '/job-manager/blog/:id', signIn: true },
  { path: '/organization', below: true, reserved: true, lowercase: true },
  { path: '/organizations', below: true, lowercase: true },
  { path: '/resume', below: true, reserved: true, feature: 'resume', signIn: true, noCanonical: true },
  // Issue 17: the applicant's resume, its wizard steps and edit pages, a resume's page for recruiters, the
  // resume search; all personal, never cached or indexed.
  { path: '/resume/wizard', signIn: true },
  { path: '/resume/wizard/:step', signIn: true },
  { path: '/resume/edit/:section', signIn: true },
  { path: '/resume/:id', signIn: true },
  // Without resumes on the brand, the search page answers the 404 page itself (SPEC 2 redirects only /resume…).
  { path: '/resumes', below: true, signIn: true, noCanonical: true },
  { path: '/resume-alert/edit/:id', feature: 'resume' },
  { path: '/user', below: true, reserved: true, noCanonical: true },
  { path: '/user/account', signIn: true, disallowed: true },
  // Issue 18: the account's consents and their withdrawal.
  { path: '/user/consents', signIn: true, disallowed: true },
  // Issue 15 part 4: a team invitation's link (personal; anonymous visitors sign in or register from it).
  { path: '/user/invitation', disallowed: true },
  { path: '/contact', reserved: true },
  { path: '/blog', reserved: true },
  { path: '/checkout', below: true, reserved: true, signIn: true, noCanonical: true, disallowed: true },
  { path: '/privacy-policy', page: true },
  // The links of the job alert mails (issue 14): personal, never cached or indexed.
  { path: '/job-alerts/confirm', page: true, noCanonical: true },
  { path: '/job-alerts/unsubscribe', page: true, noCanonical: true },
  { path: '/dashboard', below: true, page: true, signIn: true, noCanonical: true, disallowed: true },
  // Issue 14: a recruiter marks an application (a form POST back to the dashboard).
  { path: '/dashboard/applications', page: true, signIn: true },
  // Issue 15 part 4: the organization's team (members, invitations, handover).
  { path: '/dashboard/team', page: true, signIn: true },
  // Issue 15 part 3: the recruiter's organization profile editor.
  { path: '/dashboard/organization-profile', page: true, signIn: true },
  // Issue 19 (branch home): the newsletter sign-up, and the links of its double opt-in mail (personal).
  { path: '/newsletter', page: true },
  { path: '/newsletter/confirm', page: true, noCanonical: true },
  { path: '/newsletter/unsubscribe', page: true, noCanonical: true },
  { path: '/dashboard/newsletter', page: true, signIn: true },
  // Issues 15 and 19 (branch home): staff choose what the home page modules show.
  { path: '/dashboard/home-page', page: true, signIn: true },
  { path: '/my-products', below: true, page: true, signIn: true, noCanonical: true, disallowed: true },
  { path: '/router', below: true, page: true, noCanonical: true },
  { path: '/404', page: true, errorPage: true, noCanonical: true },
  { path: '/500', page: true, errorPage: true, noCanonical: true },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `path` is the row's path (or below it, where the row says so). */
function matcher(row: RouteRow, options: { below: boolean; ignoreCase?: boolean }): (path: string) => boolean {
  const pattern = row.path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  const rest = options.below ? (row.path === '/' ? '.*' : '(/.*)?') : '';
  const regExp = new RegExp(`^${pattern}${rest}$`, options.ignoreCase ? 'i' : '');
  return (path) => regExp.test(path);
}

/** The rows having `fact`, matched on their path (and below it where the row says so). */
function pathsWith(fact: keyof RouteRow, options: { ignoreCase?: boolean; exact?: boolean } = {}) {
  const matchers = routeTable
    .filter((row) => row[fact] !== undefined)
    .map((row) => matcher(row, { below: !options.exact && row.below === true, ignoreCase: options.ignoreCase }));
  return (path: string) => matchers.some((matches) => matches(path));
}

/** The prefixes of the rows having `fact`: they take every path starting with them. */
const prefixesWith = (fact: 'endpoint' | 'reserved'): readonly string[] =>
  routeTable.filter((row) => row[fact]).map((row) => row.path);

/** Endpoint and build-asset prefixes: requests under them are served as requested. */
export const endpointPrefixes = prefixesWith('endpoint');

export function isEndpointPath(path: string): boolean {
  return endpointPrefixes.some((prefix) => path.startsWith(prefix));
}

/** Whether a request is for a page (not an endpoint, not a file such as /favicon.svg): pages get a session. */
export function isPagePath(path: string): boolean {
  return !isEndpointPath(path) && !/\.[a-z0-9]+$/i.test(path);
}

/** SPEC section 2: paths under these prefixes are pages of the site, never landing pages. */
export const nonLandingPrefixes = prefixesWith('reserved');

/** Whether the site has a page of its own at `path`, outside the reserved prefixes (the path itself only). */
export const isSitePagePath = pathsWith('page', { exact: true });

export function isReservedPath(path: string): boolean {
  return nonLandingPrefixes.some((prefix) => path.startsWith(prefix));
}

export const isErrorPagePath = pathsWith('errorPage');

/** SPEC section 2: pages that need a session (the path itself only). */
export const requiresSignIn = pathsWith('signIn', { exact: true });

/** SPEC section 2: lowercase path forcing (any case of the prefix). */
export function forceLowercase(path: string): string {
  return isLowercasePath(path) ? path.toLowerCase() : path;
}
const isLowercasePath = pathsWith('lowercase', { ignoreCase: true });

export const stripsTrackingParams = pathsWith('stripsTrackingParams');

export const isCanonicalExcluded = pathsWith('noCanonical');

/** Issue 19: the sitemap paths (their own endpoint decides which exist on the brand). */
export const isSitemapPath = pathsWith('sitemap');

/** Issue 19: the internal paths robots.txt asks crawlers to stay out of (each with everything below it). */
export const crawlerDisallowedPaths: readonly string[] = routeTable
  .filter((row) => row.disallowed)
  .map((row) => row.path);

/** The brand feature a path needs, or null when every brand has it. */
export function featureOfPath(path: string): NonNullable<RouteRow['feature']> | null {
  const row = routeTable.find(
    (candidate) => candidate.feature !== undefined && matcher(candidate, { below: candidate.below === true })(path),
  );
  return row?.feature ?? null;
}
