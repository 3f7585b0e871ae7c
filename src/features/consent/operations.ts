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

/** The account's consents page (issue 18): what the user agreed to, when, where and how. */
export const myGdprConsents = defineOperation(
  'myGdprConsents',
  /* GraphQL */ `
    query myGdprConsents {
      myGdprConsents {
        id
        mail
        infoId
        type
        revision
        placement
        method
        createdAt
        verifiedAt
        withdrawnAt
        withdrawalMethod
      }
    }
  `,
);

export const withdrawGdprUserConsent = defineOperation(
  'withdrawGdprUserConsent',
  /* GraphQL */ `
    mutation withdrawGdprUserConsent($infoId: Int!) {
      withdrawGdprUserConsent(infoId: $infoId) {
        id
      }
    }
  `,
);

/** The pages behind the double opt-in mail's links. */
export const gdprUserConsentOfToken = defineOperation(
  'gdprUserConsentOfToken',
  /* GraphQL */ `
    query gdprUserConsentOfToken($token: String!, $purpose: String!) {
      gdprUserConsentOfToken(token: $token, purpose: $purpose) {
        id
        mail
        infoId
        type
        revision
        placement
        method
        createdAt
        verifiedAt
        withdrawnAt
        withdrawalMethod
      }
    }
  `,
);

export const confirmGdprUserConsent = defineOperation(
  'confirmGdprUserConsent',
  /* GraphQL */ `
    mutation confirmGdprUserConsent($token: String!) {
      confirmGdprUserConsent(token: $token) {
        id
        mail
        infoId
        type
        revision
        placement
        method
        createdAt
        verifiedAt
        withdrawnAt
        withdrawalMethod
      }
    }
  `,
);

export const withdrawGdprUserConsentByToken = defineOperation(
  'withdrawGdprUserConsentByToken',
  /* GraphQL */ `
    mutation withdrawGdprUserConsentByToken($token: String!) {
      withdrawGdprUserConsentByToken(token: $token) {
        id
        mail
        infoId
        type
        revision
        placement
        method
        createdAt
        verifiedAt
        withdrawnAt
        withdrawalMethod
      }
    }
  `,
);

/** The terms text a registration form shows and the registration records consent to (issue 18). */
export const registrationTerms = defineOperation(
  'registrationTerms',
  /* GraphQL */ `
    query registrationTerms {
      getGdprConsentInfos(type: "terms", placement: "registration", limit: 1) {
        id
        text
      }
    }
  `,
);
