import { getAuthSecret } from '../../auth/secret.ts';
import { getDatabase } from '../../db/index.ts';
import { logUnexpected } from '../../log.ts';
import { retryPendingApplicationMails } from './deliver-application-mails.ts';
import { removeUnattachedApplicationFiles } from './get-application-form.ts';

/** How often each server process looks for unsent application mails and unsent uploads. */
export const applicationUpkeepIntervalMs = 5 * 60 * 1000;

let timer: ReturnType<typeof setInterval> | undefined;

/**
 * Starts, once per server process, the upkeep of applications: mails whose sender failed or whose process
 * died after the commit are sent (deliver-application-mails.ts: the claim keeps two processes from sending
 * them twice), and files uploaded for applications never sent are removed after a day. It runs in the site's
 * process rather than the pg-boss runner (scripts/serve.mjs), because the mails need the brands, messages
 * and routes, which only the site's bundle loads. The timer does not keep the process alive.
 */
export function startApplicationUpkeep(): void {
  if (timer) return;
  timer = setInterval(() => {
    void (async () => {
      try {
        const { db } = await getDatabase();
        await retryPendingApplicationMails({ db, authSecret: getAuthSecret() });
        await removeUnattachedApplicationFiles({ db });
      } catch (error) {
        logUnexpected('applications', 'the application upkeep failed', error);
      }
    })();
  }, applicationUpkeepIntervalMs);
  timer.unref();
}
