/**
 * How large a request body may be, in bytes: the one place for these numbers. The front door
 * (src/server/http/front-door.ts) refuses a larger Content-Length before the body is read; the upload code
 * checks each file against `maxUploadBytes`; astro.config.mjs bounds chunked bodies with the upload maximum.
 *
 * Runs under plain Node too (scripts/serve.mjs): erasable TypeScript only.
 */
import { routeTranslations } from '../../lib/routing/route-translations.ts';

/** SPEC section 5: an attachment is at most 50 MB (50 MiB). */
export const maxUploadBytes = 52_428_800;

/** Room for the rest of a GraphQL multipart request around one file: operations, map, part headers. */
export const uploadEnvelopeBytes = 65_536;

/** The largest request there is: a GraphQL multipart upload of one maximal file. */
export const maxUploadRequestBytes = maxUploadBytes + uploadEnvelopeBytes;

/**
 * The contact form's POST (/contact, /kontakt, with or without a locale prefix), a multipart form with its
 * attachments: at most 50 MB of files altogether (SPEC section 5) and 64 KB for the rest of the form.
 */
export const contactFormBodyBytes = maxUploadBytes + uploadEnvelopeBytes;

/** The paths the contact form is posted to: its internal path and its route translations. */
const contactFormPaths = [
  '/contact',
  ...Object.values(routeTranslations).flatMap((pairs) =>
    pairs.filter(([internal]) => internal === '/contact').map(([, translated]) => translated.toLowerCase()),
  ),
];
const localePrefix = new RegExp(`^/(${Object.keys(routeTranslations).join('|')})(?=/)`, 'i');

/** Whether a request path (locale prefix allowed, any case, trailing slash allowed) is the contact form's. */
export function isContactFormPath(path: string): boolean {
  const withoutLocale = path.replace(localePrefix, '').replace(/\/$/, '').toLowerCase();
  return contactFormPaths.includes(withoutLocale);
}

/** Every other POST body (forms, /api/auth/*, /api/analytics/*, /graphql JSON): 100 KB. */
export const smallBodyBytes = 102_400;

/**
 * POST /api/job-description (the AI draft's job fields as JSON): every field of the input at its maximum
 * (src/lib/job-description.ts: about 9,500 characters) fits even in three-byte characters.
 */
export const jobDescriptionBodyBytes = 32_768;

/** POST /api/gmapi and /api/conversionapi (issue 18): one event with at most 25 short params. */
export const measurementBodyBytes = 8_192;
