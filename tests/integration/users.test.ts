import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../src/server/db/schema/users';
import { testDialects } from '../../src/server/db/testing';
import * as account from '../../src/features/account/operations';
import { createTestBackend, type TestBackend } from '../support/backend';
import { createOrganization, createUser, type TestUser } from '../support/factories';

describe.each(testDialects)('users on %s', (dialect) => {
  let backend: TestBackend;
  let applicant: TestUser;
  let unverifiedApplicant: TestUser;
  let recruiter: TestUser;
  let member: TestUser;
  let staff: TestUser;
  let organizationIds: { owned: number; memberOf: number; foreign: number; second: number };

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    const { db } = backend.handle;
    const verified = new Date('2026-01-15T10:00:00Z');
    applicant = await createUser(db, {
      email: 'anna@example.test',
      firstName: 'Anna',
      lastName: 'Schmidt',
      emailVerifiedAt: verified,
      approved: true,
      roles: ['applicant'],
    });
    unverifiedApplicant = await createUser(db, {
      email: 'ben@example.test',
      verified: false,
      approved: true,
      roles: ['applicant'],
    });
    recruiter = await createUser(db, {
      email: 'rita@acme.test',
      firstName: 'Rita',
      displayName: 'Rita von Acme',
      emailVerifiedAt: verified,
      roles: [{ role: 'recruiter', targetId: 'acme' }],
    });
    member = await createUser(db, {
      email: 'max@acme.test',
      lastName: 'Muster',
      emailVerifiedAt: verified,
      roles: ['recruiter'],
    });
    staff = await createUser(db, {
      email: 'admin@jobboard.test',
      emailVerifiedAt: verified,
      approved: true,
      roles: ['administrator', 'applicant'],
    });

    const owned = await createOrganization(db, { name: 'Acme GmbH', owner: recruiter });
    const second = await createOrganization(db, { name: 'Acme Labs', owner: recruiter });
    const memberOf = await createOrganization(db, { name: 'Initech KG', members: [recruiter, member] });
    // The member's active organization is one they no longer belong to; staff may act for any.
    const foreign = await createOrganization(db, { name: 'Globex AG', activeFor: [member, staff] });
    organizationIds = { owned: owned.id, memberOf: memberOf.id, foreign: foreign.id, second: second.id };
  });
  afterAll(() => backend?.dispose());

  const getUser = async (user: TestUser | undefined) => {
    const token = user ? await backend.tokenFor(user) : undefined;
    const { body } = await backend.request(account.getUser, {}, { token });
    expect(body.errors).toBeUndefined();
    return body.data?.getUser ?? null;
  };

  it('answers null for anonymous visitors', async () => {
    expect(await getUser(undefined)).toBeNull();
  });

  it('returns a verified applicant who may apply for jobs', async () => {
    expect(await getUser(applicant)).toEqual({
      id: applicant.id,
      roles: [{ id: 'applicant', targetId: null }],
      email: 'anna@example.test',
      name: 'Anna Schmidt',
      displayName: 'Anna Schmidt',
      firstName: 'Anna',
      lastName: 'Schmidt',
      emailVerified: true,
      isUserApprovedAndVerified: true,
      isEligibleForJobApply: true,
      organization: null,
      activeOrganization: null,
    });
  });

  it('falls back to the e-mail address for names and needs a verified address to apply', async () => {
    expect(await getUser(unverifiedApplicant)).toMatchObject({
      name: 'ben@example.test',
      displayName: 'ben@example.test',
      firstName: null,
      lastName: null,
      emailVerified: false,
      isUserApprovedAndVerified: false,
      isEligibleForJobApply: false,
    });
  });

  it('gives a recruiter their first owned organization until they choose an active one', async () => {
    expect(await getUser(recruiter)).toMatchObject({
      roles: [{ id: 'recruiter', targetId: 'acme' }],
      name: 'Rita',
      displayName: 'Rita von Acme',
      // Verified but not approved by staff yet.
      isUserApprovedAndVerified: false,
      isEligibleForJobApply: false,
      organization: { id: organizationIds.owned, name: 'Acme GmbH', ownerId: recruiter.id },
      activeOrganization: null,
    });
    const { db } = backend.handle;
    await db.update(users).set({ activeOrganizationId: organizationIds.memberOf }).where(eq(users.id, recruiter.id));
    try {
      expect(await getUser(recruiter)).toMatchObject({
        organization: { id: organizationIds.memberOf, name: 'Initech KG', ownerId: null },
        activeOrganization: { id: organizationIds.memberOf },
      });
    } finally {
      await db.update(users).set({ activeOrganizationId: null }).where(eq(users.id, recruiter.id));
    }
  });

  it('ignores an active organization the user no longer belongs to, except for staff', async () => {
    expect(await getUser(member)).toMatchObject({
      name: 'Muster',
      organization: { id: organizationIds.memberOf, name: 'Initech KG' },
      activeOrganization: null,
    });
    expect(await getUser(staff)).toMatchObject({
      roles: [
        { id: 'administrator', targetId: null },
        { id: 'applicant', targetId: null },
      ],
      isEligibleForJobApply: true,
      organization: { id: organizationIds.foreign, name: 'Globex AG' },
      activeOrganization: { id: organizationIds.foreign },
    });
  });

  it('reads roles from the database, so a role granted after sign-in shows at once', async () => {
    const token = await backend.tokenFor(unverifiedApplicant);
    const { db } = backend.handle;
    await db.insert(userRoles).values({ userId: unverifiedApplicant.id, role: 'recruiter' });
    const { body } = await backend.request(account.getUser, {}, { token });
    expect(body.data?.getUser?.roles).toEqual([
      { id: 'applicant', targetId: null },
      { id: 'recruiter', targetId: null },
    ]);
  });

  it('refuses a token past its 30 days (beyond 15 s of clock skew) or from before the user’s not-before time', async () => {
    const status = async (token: string) => (await backend.request(account.getUser, {}, { token })).status;
    const daysAgo = (days: number, extraSeconds: number) =>
      new Date(Date.now() - days * 24 * 60 * 60 * 1000 - extraSeconds * 1000);
    // 30 days and 5 s old: expired by 5 s, within the tolerance for clock skew.
    expect(await status(await backend.tokenFor(applicant, daysAgo(30, 5)))).toBe(200);
    // 30 days and 30 s old: past the tolerance.
    expect(await status(await backend.tokenFor(applicant, daysAgo(30, 30)))).toBe(401);

    // "Sign out everywhere" / a password change: tokens issued before the not-before time stop working.
    const { db } = backend.handle;
    const older = await backend.tokenFor(applicant, daysAgo(0, 60));
    expect(await status(older)).toBe(200);
    await db
      .update(users)
      .set({ tokensNotBefore: daysAgo(0, 30) })
      .where(eq(users.id, applicant.id));
    try {
      expect(await status(older)).toBe(401);
      expect(await status(await backend.tokenFor(applicant))).toBe(200);
    } finally {
      await db.update(users).set({ tokensNotBefore: null }).where(eq(users.id, applicant.id));
    }
  });

  it('refuses a token of a deleted user with UNAUTHENTICATED', async () => {
    // A token signed for a user id that does not exist (no roles to store for it).
    const token = await backend.tokenFor({ id: 999_999, roles: [] });
    const result = await backend.request(account.getUser, {}, { token });
    expect(result.status).toBe(401);
    expect(result.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
