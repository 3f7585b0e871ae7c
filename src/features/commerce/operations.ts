/**
 * The backend operations of the commerce pages: the credit ledger, products, checkout and orders
 * (issue 16, decision 0020).
 */
import { defineOperation, type OperationData } from '../../lib/backend-client/index.ts';

export const getCreditLedger = defineOperation(
  'getCreditLedger',
  /* GraphQL */ `
    query getCreditLedger($organizationId: Int, $kind: String, $limit: Int, $offset: Int) {
      getCreditLedger(organizationId: $organizationId, kind: $kind, limit: $limit, offset: $offset) {
        entries {
          id
          kind
          amount
          reason
          reference
          note
          subscriptionId
          createdAt
        }
        total
      }
    }
  `,
);

export type CreditLedgerEntry = OperationData<typeof getCreditLedger>['getCreditLedger']['entries'][number];
