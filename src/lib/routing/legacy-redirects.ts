import { jobCategories } from '../job-categories.ts';

/**
 * Permanent redirects from the previous site's URLs (SPEC section 2): /Jobs/<Category>[/anything] goes to
 * the lowercase category page, /Suchergebnis.html to the job search. Returns the internal target path.
 */
export function legacyRedirectTarget(pathname: string): string | null {
  if (pathname === '/Suchergebnis.html') return '/jobs';
  const match = /^\/Jobs\/([^/]+)(?:\/.*)?$/.exec(pathname);
  if (!match?.[1]) return null;
  const name = match[1].toLowerCase();
  const category = jobCategories.find((candidate) => candidate.legacyName.toLowerCase() === name);
  return category ? `/jobs/${category.slug}` : null;
}
