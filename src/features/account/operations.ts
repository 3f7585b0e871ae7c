/** The backend operations of the account pages (SPEC section 7: getUser, getCredits, getSubscriptions). */
import { defineOperation } from '../../lib/backend-client/index.ts';

export type RoleId = 'recruiter' | 'applicant' | 'administrator' | 'site_admin' | 'job_editor';

/** SPEC section 3: the session user. */
export interface SessionUser {
  id: number;
  roles: { id: RoleId; targetId: string | null }[];
  email: string;
  name: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  emailVerified: boolean;
  isUserApprovedAndVerified: boolean;
  isEligibleForJobApply: boolean;
  organization: { id: number; name: string; ownerId: number | null } | null;
  activeOrganization: { id: number } | null;
}

export const getUser = defineOperation<{ getUser: SessionUser | null }>(
  'getUser',
  `query getUser {
    getUser {
      id roles { id targetId } email name displayName firstName lastName emailVerified
      isUserApprovedAndVerified isEligibleForJobApply
      organization { id name ownerId } activeOrganization { id }
    }
  }`,
);

export interface CreditBalance {
  amount: number;
  label: string | null;
  organizationName: string;
  type: string;
  frontend: string;
}

export const getCredits = defineOperation<{ getCredits: CreditBalance[] }, { organizationId?: number | null }>(
  'getCredits',
  `query getCredits($organizationId: Int) {
    getCredits(organizationId: $organizationId) { amount label organizationName type frontend }
  }`,
);

export interface Subscription {
  id: number;
  startDate: string;
  endDate: string | null;
  label: string | null;
  organizationName: string;
  availableJobSlots: number;
  usageResumeContactSlots: { active: number; available: number; total: number };
  status: { label: string; value: string };
  type: string;
  product: { id: number; name: string };
  absoluteUrl: string;
}

export const getSubscriptions = defineOperation<
  { getSubscriptions: { subscriptions: Subscription[]; total: number; errors: string[] } },
  { limit: number; organizationId?: number | null; offset?: number }
>(
  'getSubscriptions',
  `query getSubscriptions($limit: Int!, $offset: Int, $organizationId: Int) {
    getSubscriptions(limit: $limit, offset: $offset, organizationId: $organizationId) {
      subscriptions {
        id startDate endDate label organizationName availableJobSlots
        usageResumeContactSlots { active available total }
        status { label value } type product { id name } absoluteUrl
      }
      total errors
    }
  }`,
);
