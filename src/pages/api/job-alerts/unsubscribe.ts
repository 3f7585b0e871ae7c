import { oneClickUnsubscribeRoute } from '../../../features/job-alerts/one-click-unsubscribe';
import { unsubscribeJobAlert } from '../../../lib/operations/bookmarks-and-alerts';

export const prerender = false;

/** POST /api/job-alerts/unsubscribe?token=… : the List-Unsubscribe URL of every job alert mail (issue 14). */
export const POST = oneClickUnsubscribeRoute((locals, token) => locals.backend.request(unsubscribeJobAlert, { token }));
