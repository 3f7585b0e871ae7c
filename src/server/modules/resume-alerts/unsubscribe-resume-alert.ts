/**
 * RFC 8058 one-click unsubscribe of a resume alert's digests (issue 17 part 5): the List-Unsubscribe URL
 * carries a token signed over the alert's random key (src/server/auth/link-tokens.ts, as job alerts'), the
 * only authorisation of the request (mail clients post it without cookies). The alert and its digests
 * are deleted; a token that does not verify changes nothing (NOT_FOUND).
 */
import { and, eq } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { idOfLinkToken, signLinkToken, verifyLinkToken, type LinkTokenKind } from '../../auth/link-tokens.ts';
import type { Database } from '../../db/index.ts';
import { resumeAlerts } from '../../db/schema/alerts.ts';
import { AppError } from '../../errors.ts';
import { resumeAlertOneClickUnsubscribePath } from '../../http/one-click-unsubscribe.ts';
import { absoluteUrl } from '../../public-origin.ts';

const unsubscribeKind: LinkTokenKind = { scope: 'resume-alert', purpose: 'unsubscribe', code: 'u' };

export function resumeAlertOneClickUrl(secret: Uint8Array, alert: { id: number; tokenKey: string }): string {
  return absoluteUrl(
    `${resumeAlertOneClickUnsubscribePath}?token=${encodeURIComponent(signLinkToken(secret, unsubscribeKind, alert))}`,
  );
}

export async function unsubscribeResumeAlert(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  authSecret: Uint8Array;
  token: unknown;
}): Promise<boolean> {
  const { db, brand, locale, authSecret, token } = options;
  return db.transaction(async (tx) => {
    const id = idOfLinkToken(token, unsubscribeKind);
    const [alert] =
      id === null
        ? []
        : await tx
            .select()
            .from(resumeAlerts)
            .where(and(eq(resumeAlerts.id, id), eq(resumeAlerts.frontend, brand.id as BrandId)))
            .for('update');
    if (!alert || !verifyLinkToken(authSecret, unsubscribeKind, String(token), alert)) {
      throw new AppError('NOT_FOUND', { key: 'jobAlert.error.invalidLink', locale });
    }
    await tx.delete(resumeAlerts).where(eq(resumeAlerts.id, alert.id));
    return true;
  });
}
