import { oneClickUnsubscribeRoute } from '../../../features/job-alerts/one-click-unsubscribe';
import { unsubscribeResumeAlert } from '../../../lib/operations/resume-alerts';

export const prerender = false;

/** POST /api/resume-alerts/unsubscribe?token=… : the List-Unsubscribe URL of every resume alert digest (issue 17). */
export const POST = oneClickUnsubscribeRoute((locals, token) =>
  locals.backend.request(unsubscribeResumeAlert, { token }),
);
