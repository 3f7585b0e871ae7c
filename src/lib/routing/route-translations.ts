import type { Locale } from '../../../brands/types';

/**
 * Route translations of SPEC section 2, as [internal prefix, translated prefix] pairs matched on whole
 * path segments, longest first. The spec's longer entries (/resume/edit → /cv/edit, /resume/wizard/… →
 * /lebenslauf/wizard/…) are covered by their parent prefix because the rest of the path is kept as is.
 */
export const routeTranslations: Record<Locale, readonly (readonly [internal: string, translated: string])[]> = {
  'en-GB': [
    ['/resumes', '/cvs'],
    ['/resume', '/cv'],
  ],
  de: [
    ['/resumes', '/bewerbersuche'],
    ['/resume', '/lebenslauf'],
    ['/organizations', '/arbeitgeber-suchen'],
    ['/contact', '/kontakt'],
  ],
  fr: [['/jobs', '/emploi']],
};

/** The rest of `path` after `prefix` when prefix matches whole segments (case-insensitive), else null. */
function restAfterPrefix(path: string, prefix: string): string | null {
  const head = path.slice(0, prefix.length);
  if (head.toLowerCase() !== prefix.toLowerCase()) return null;
  const rest = path.slice(prefix.length);
  return rest === '' || rest.startsWith('/') ? rest : null;
}

/** Internal path → the path a visitor sees in this locale (outgoing links). */
export function translatePath(internalPath: string, locale: Locale): string {
  for (const [internal, translated] of routeTranslations[locale]) {
    const rest = restAfterPrefix(internalPath, internal);
    if (rest !== null) return translated + rest;
  }
  return internalPath;
}

/** A visitor's translated path → the internal path, or null when the path is not a translated one. */
export function untranslatePath(path: string, locale: Locale): string | null {
  for (const [internal, translated] of routeTranslations[locale]) {
    const rest = restAfterPrefix(path, translated);
    if (rest !== null) return internal + rest;
  }
  return null;
}
