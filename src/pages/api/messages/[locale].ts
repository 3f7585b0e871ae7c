import type { APIRoute } from 'astro';
import { getMessages, isSupportedLocale } from '../../../i18n';

/** GET /api/messages/{locale}: every message of a locale as JSON, German filling any gap (SPEC section 2). */
export const GET: APIRoute = ({ params }) => {
  const locale = params.locale ?? '';
  if (!isSupportedLocale(locale)) {
    return Response.json({ error: `Unknown locale "${locale}"` }, { status: 404 });
  }
  return Response.json(getMessages(locale), { headers: { 'Cache-Control': 'public, max-age=300' } });
};
