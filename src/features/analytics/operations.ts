/** The backend operations of first-party measurement (SPEC sections 2 and 4). */
import { defineOperation } from '../../lib/backend-client/index.ts';

export const recordDispatchEvent = defineOperation(
  'recordDispatchEvent',
  /* GraphQL */ `
    mutation recordDispatchEvent($event: DispatchEvent!, $path: String!) {
      recordDispatchEvent(event: $event, path: $path)
    }
  `,
);

export const recordSignupStart = defineOperation(
  'recordSignupStart',
  /* GraphQL */ `
    mutation recordSignupStart($method: SignupMethod!) {
      recordSignupStart(method: $method)
    }
  `,
);

/** SPEC 4: the creation-source config (which query parameter names where a visitor came from). */
export const creationSourceConfig = defineOperation(
  'creationSourceConfig',
  /* GraphQL */ `
    query creationSourceConfig {
      getAppConfig(name: "creation_source") {
        key
        value
      }
    }
  `,
);
