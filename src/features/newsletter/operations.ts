/** The backend operations of the newsletter pages (issue 19). */
import { defineOperation } from '../../lib/backend-client/index.ts';

export const newsletterConsent = defineOperation(
  'newsletterConsent',
  /* GraphQL */ `
    query newsletterConsent {
      newsletterConsent {
        infoId
        revision
        text
      }
    }
  `,
);

export const subscribeNewsletter = defineOperation(
  'subscribeNewsletter',
  /* GraphQL */ `
    mutation subscribeNewsletter($email: String!, $consent: Boolean!) {
      subscribeNewsletter(email: $email, consent: $consent)
    }
  `,
);

export const newsletterSubscriptionOfToken = defineOperation(
  'newsletterSubscriptionOfToken',
  /* GraphQL */ `
    query newsletterSubscriptionOfToken($token: String!, $purpose: NewsletterTokenPurpose!) {
      newsletterSubscriptionOfToken(token: $token, purpose: $purpose) {
        email
        confirmed
        unsubscribed
      }
    }
  `,
);

export const confirmNewsletter = defineOperation(
  'confirmNewsletter',
  /* GraphQL */ `
    mutation confirmNewsletter($token: String!) {
      confirmNewsletter(token: $token) {
        email
        confirmed
        unsubscribed
      }
    }
  `,
);

export const unsubscribeNewsletter = defineOperation(
  'unsubscribeNewsletter',
  /* GraphQL */ `
    mutation unsubscribeNewsletter($token: String!) {
      unsubscribeNewsletter(token: $token) {
        email
        confirmed
        unsubscribed
      }
    }
  `,
);

export const newsletterSubscribers = defineOperation(
  'newsletterSubscribers',
  /* GraphQL */ `
    query newsletterSubscribers {
      newsletterSubscribers {
        email
        locale
        confirmedAt
        consentRevision
      }
    }
  `,
);
