import type { APIRoute } from 'astro';
import { getAuthSecret } from '../../../server/auth/secret';
import { getConfig } from '../../../server/config';
import { getDatabase } from '../../../server/db';
import { sendJobAlertDigests } from '../../../server/modules/job-alerts/send-job-alert-digests';

export const prerender = false;

/**
 * POST /api/test/job-alert-digests `{ "afterSeconds": n }`: the browser tests' hook (issue 14) that runs the
 * job runner's digest task as if n seconds had passed, so a test sees the digest of a day without waiting
 * a day. 404 unless TEST_HOOKS=1, which the configuration refuses with DATABASE_URL (production).
 */
export const POST: APIRoute = async ({ request }) => {
  if (getConfig().TEST_HOOKS !== '1') return new Response('Not found', { status: 404 });
  const body = (await request.json().catch(() => ({}))) as { afterSeconds?: unknown };
  const afterSeconds = Number(body.afterSeconds ?? 0);
  if (!Number.isFinite(afterSeconds) || afterSeconds < 0 || afterSeconds > 400 * 86_400) {
    return new Response('afterSeconds: a number of seconds from 0 to 400 days', { status: 400 });
  }
  const { db } = await getDatabase();
  const result = await sendJobAlertDigests({
    db,
    secret: getAuthSecret(),
    now: new Date(Date.now() + afterSeconds * 1000),
  });
  return Response.json(result, { headers: { 'Cache-Control': 'no-store' } });
};
