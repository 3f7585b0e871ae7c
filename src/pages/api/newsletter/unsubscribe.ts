import { oneClickUnsubscribeRoute } from '../../../features/job-alerts/one-click-unsubscribe';
import { unsubscribeNewsletter } from '../../../features/newsletter/operations';

export const prerender = false;

/** POST /api/newsletter/unsubscribe?token=… : the List-Unsubscribe URL of the newsletter's mails (issue 19). */
export const POST = oneClickUnsubscribeRoute((locals, token) =>
  locals.backend.request(unsubscribeNewsletter, { token }),
);
