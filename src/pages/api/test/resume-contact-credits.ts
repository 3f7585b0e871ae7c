import type { APIRoute } from 'astro';
import { getConfig } from '../../../server/config';
import { getDatabase } from '../../../server/db';
import { grantResumeContactCredits } from '../../../server/modules/resumes/grant-resume-contact-credits';

export const prerender = false;

/**
 * POST /api/test/resume-contact-credits `{ "email": "…", "amount": n }`: the browser tests' hook (issue 17)
 * that gives the organization of a recruiter n resume-contact credits on the request's brand, as a grant
 * entry in the credit ledger (decision 0020). 404 unless TEST_HOOKS=1, which the configuration refuses with
 * DATABASE_URL (production).
 */
export const POST: APIRoute = async ({ request, locals }) => {
  if (getConfig().TEST_HOOKS !== '1') return new Response('Not found', { status: 404 });
  const body = (await request.json().catch(() => ({}))) as { email?: unknown; amount?: unknown };
  const amount = Number(body.amount ?? 1);
  if (typeof body.email !== 'string' || !Number.isInteger(amount) || amount < 0 || amount > 1000) {
    return new Response('email: a recruiter’s address; amount: 0 to 1000', { status: 400 });
  }
  const { db } = await getDatabase();
  const granted = await grantResumeContactCredits({ db, email: body.email, amount, brandId: locals.brand.id });
  return granted ? Response.json({ ok: true }) : new Response('No organization for this address', { status: 404 });
};
