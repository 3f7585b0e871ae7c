/** The backend operations of the GDPR consent modal (SPEC sections 4, 5 and 7). */
import { defineOperation } from '../../lib/backend-client/index.ts';

/**
 * What a signed-in page needs to decide on the modal, in one request: whether the visitor agreed to the
 * latest revision of the text (hasTheLatestConsent) and the text itself in the visitor's language
 * (getGdprConsentInfos, placement modal).
 */
export const gdprConsentModal = defineOperation(
  'gdprConsentModal',
  /* GraphQL */ `
    query gdprConsentModal($type: String!, $placement: String!) {
      hasTheLatestConsent(type: $type, placement: $placement) {
        hasConsented
        hasConsentedBefore
        infoId
      }
      getGdprConsentInfos(type: $type, placement: $placement, limit: 1) {
        id
        text
      }
    }
  `,
);

export const createGdprUserConsent = defineOperation(
  'createGdprUserConsent',
  /* GraphQL */ `
    mutation createGdprUserConsent($mail: String!, $infoId: Int!) {
      createGdprUserConsent(mail: $mail, infoId: $infoId) {
        errors
        consent {
          id
        }
      }
    }
  `,
);
