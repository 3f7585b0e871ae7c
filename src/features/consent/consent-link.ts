/**
 * The state of the page behind a consent mail's link (issue 18): GET asks, POST confirms or withdraws.
 * Read in the page's own frontmatter, so that the page can answer 404 for a link that is not valid.
 */
import type { BackendClient } from '../../lib/backend-client/index.ts';
import { errorCodeOf } from '../job-alerts/error-code.ts';
import { confirmGdprUserConsent, gdprUserConsentOfToken, withdrawGdprUserConsentByToken } from './operations.ts';

export type ConsentLinkPurpose = 'confirm' | 'withdraw';
export type ConsentLinkState = { kind: 'ask' | 'confirmed' | 'withdrawn'; mail: string } | { kind: 'invalid' };

export async function loadConsentLink(
  backend: BackendClient,
  request: Request,
  token: string,
  purpose: ConsentLinkPurpose,
): Promise<ConsentLinkState> {
  try {
    let consent;
    if (request.method === 'POST') {
      consent =
        purpose === 'confirm'
          ? (await backend.request(confirmGdprUserConsent, { token })).confirmGdprUserConsent
          : (await backend.request(withdrawGdprUserConsentByToken, { token })).withdrawGdprUserConsentByToken;
    } else {
      consent = (await backend.request(gdprUserConsentOfToken, { token, purpose })).gdprUserConsentOfToken;
    }
    if (consent.withdrawnAt) return { kind: 'withdrawn', mail: consent.mail };
    if (purpose === 'confirm' && consent.verifiedAt) return { kind: 'confirmed', mail: consent.mail };
    return { kind: 'ask', mail: consent.mail };
  } catch (error) {
    if (errorCodeOf(error) !== 'NOT_FOUND') throw error;
    return { kind: 'invalid' };
  }
}
