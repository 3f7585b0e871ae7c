import type { APIRoute } from 'astro';
import { errorCodeOf } from '../../features/job-alerts/error-code';
import { newsletterSubscribers } from '../../features/newsletter/operations';
import { csvOf } from '../../lib/csv';
import { localizePath } from '../../lib/routing/resolve-request';

export const prerender = false;

/**
 * GET /dashboard/newsletter: staff download the confirmed newsletter subscribers of the brand as CSV
 * (issue 19; sending campaigns is the publisher's mail service's job, decision 0028). 403 for everyone else.
 */
export const GET: APIRoute = async ({ locals, redirect }) => {
  const { brand, locale, session, backend } = locals;
  if (!session) return redirect(localizePath('/user/login', locale, brand), 303);
  const headers = { 'Cache-Control': 'private, no-store' };
  try {
    const { newsletterSubscribers: rows } = await backend.request(newsletterSubscribers, {});
    const csv = csvOf(
      ['email', 'locale', 'confirmed_at', 'consent_revision'],
      rows.map((row) => [
        row.email,
        row.locale,
        row.confirmedAt,
        row.consentRevision === null ? '' : String(row.consentRevision),
      ]),
    );
    return new Response(csv, {
      headers: {
        ...headers,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="newsletter-${brand.id}.csv"`,
      },
    });
  } catch (error) {
    if (errorCodeOf(error) === 'FORBIDDEN' || errorCodeOf(error) === 'UNAUTHENTICATED') {
      return new Response('Staff only.\n', { status: 403, headers: { ...headers, 'Content-Type': 'text/plain' } });
    }
    throw error;
  }
};
