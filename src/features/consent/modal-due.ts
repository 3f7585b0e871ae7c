/** When the GDPR consent modal is due (SPEC section 4), from the answer of the gdprConsentModal operation. */
import type { OperationData } from '../../lib/backend-client/index.ts';
import type { gdprConsentModal } from './operations.ts';

/** The consent text the modal asks about: the site's terms, placement modal (SPEC section 7). */
export const gdprModalVariables = { type: 'terms', placement: 'modal' } as const;

/**
 * The text to ask about, or null when no modal is due: the visitor agreed to the latest revision, or never
 * agreed to this text at all (the modal asks about the latest changes; the first consent is given at
 * registration, decision 0022), or the text has no wording.
 */
export function gdprModalConsent(
  data: OperationData<typeof gdprConsentModal>,
): { infoId: number; text: string } | null {
  const status = data.hasTheLatestConsent;
  const info = data.getGdprConsentInfos[0];
  if (status.hasConsented || !status.hasConsentedBefore || !info || info.id !== status.infoId) return null;
  return { infoId: info.id, text: info.text };
}
