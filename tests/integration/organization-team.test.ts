/**
 * The team of an organization over GraphQL on both databases (issue 15 part 4, decision 0024): the owner
 * invites by e-mail, the invited account accepts the signed link once and becomes a recruiter member; an
 * expired, revoked, used, forged or other brand's link joins nobody; members who are not the owner see the
 * team but cannot change it; ownership is handed over in one step and stays single.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../brands';
import { createTranslator } from '../../src/i18n';
import {
  acceptTeamInvitation,
  inviteRecruiter,
  organizationTeam,
  removeTeamMember,
  revokeTeamInvitation,
  teamInvitationOfToken,
  transferOrganizationOwnership,
} from '../../src/features/team/operations';
import type { Database } from '../../src/server/db';
import { organizationInvitations } from '../../src/server/db/schema/team';
import { organizationMembers, organizations, userRoles, users } from '../../src/server/db/schema/users';
import { testDialects } from '../../src/server/db/testing';
import { signInvitationToken } from '../../src/server/modules/organization-team/invitation-links';
import { invitationLimits } from '../../src/server/modules/organization-team/team';
import { createTestBackend, testSecret, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createOrganization, createUser, uniqueEmail, type TestUser } from '../support/factories';
import { startMailServer, type TestMailServer } from '../support/mail';

const english = { frontend: 'jobregio;en-GB' };
const t = createTranslator('en-GB');

let mail: TestMailServer;
const previousSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  mail = await startMailServer();
  process.env.SMTP_URL = mail.url;
});

afterAll(async () => {
  await mail?.stop();
  if (previousSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previousSmtp;
});

const codeOf = (body: GraphQLResponseBody<unknown>) => body.errors?.[0]?.extensions?.code;
const keyOf = (body: GraphQLResponseBody<unknown>) => body.errors?.[0]?.extensions?.messageKey;

describe.each(testDialects)('organization team on %s', (dialect) => {
  let backend: TestBackend;
  let db: Database;

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    db = backend.handle.db;
  }, 120_000);

  afterAll(async () => {
    await backend?.dispose();
  });

  /** An organization of jobregio with its owner (a member) and one further recruiter. */
  async function team() {
    const owner = await createUser(db, { roles: ['recruiter'] });
    const colleague = await createUser(db, { roles: ['recruiter'] });
    const organization = await createOrganization(db, {
      name: 'Team GmbH',
      frontend: 'jobregio',
      members: [{ user: owner, isOwner: true }, colleague],
      activeFor: [owner, colleague],
    });
    return { owner, colleague, organization };
  }

  const as = async (user: TestUser) => ({ token: await backend.tokenFor(user), headers: english });

  async function invite(owner: TestUser, organizationId: number, email: string) {
    const after = mail.mails.length;
    const result = await backend.request(inviteRecruiter, { input: { organizationId, email } }, await as(owner));
    expect(result.body.errors).toBeUndefined();
    const received = await mail.waitFor(email, { after });
    const link = new URL(/https?:\/\/\S+\/user\/invitation\?token=\S+/.exec(received.text)![0]);
    return { received, token: link.searchParams.get('token')!, id: result.body.data!.inviteRecruiter.id };
  }

  async function ownersOf(organizationId: number) {
    const [row] = await db
      .select({ owner: organizations.ownerUserId })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row?.owner ?? null;
  }

  it('invite and accept: the invited account joins once as a recruiter and sees the organization', async () => {
    const { owner, organization } = await team();
    const email = uniqueEmail('invitee');
    const { received, token } = await invite(owner, organization.id, email.toUpperCase());
    expect(received.subject).toBe(
      t('mail.teamInvitation.subject', {
        inviter: owner.displayName ?? owner.email,
        organization: 'Team GmbH',
        brand: brands.jobregio.name,
      }),
    );

    // The link tells what it is for without a session.
    const shown = await backend.request(teamInvitationOfToken, { token }, { headers: english });
    expect(shown.body.data?.teamInvitationOfToken).toMatchObject({
      organizationName: 'Team GmbH',
      email,
      state: 'PENDING',
    });
    const pending = await backend.request(organizationTeam, { organizationId: organization.id }, await as(owner));
    expect(pending.body.data?.organizationTeam?.invitations.map((row) => row.email)).toEqual([email]);

    // Anonymous, or another account: nobody joins.
    const anonymous = await backend.request(acceptTeamInvitation, { token }, { headers: english });
    expect(codeOf(anonymous.body)).toBe('UNAUTHENTICATED');
    const stranger = await createUser(db, { roles: ['applicant'] });
    const wrong = await backend.request(acceptTeamInvitation, { token }, await as(stranger));
    expect(codeOf(wrong.body)).toBe('FORBIDDEN');
    expect(keyOf(wrong.body)).toBe('team.error.otherAccount');
    expect(wrong.body.errors?.[0]?.message).toBe(t('team.error.otherAccount', { email }));

    const invitee = await createUser(db, { email, roles: ['applicant'] });
    const accepted = await backend.request(acceptTeamInvitation, { token }, await as(invitee));
    expect(accepted.body.errors).toBeUndefined();
    expect(accepted.body.data?.acceptTeamInvitation).toEqual({
      organizationId: organization.id,
      organizationName: 'Team GmbH',
    });
    const roles = await db.select().from(userRoles).where(eq(userRoles.userId, invitee.id));
    expect(roles.map((row) => row.role).sort()).toEqual(['applicant', 'recruiter']);
    const [user] = await db.select().from(users).where(eq(users.id, invitee.id));
    expect(user?.activeOrganizationId).toBe(organization.id);

    const seen = await backend.request(organizationTeam, {}, await as(invitee));
    expect(seen.body.data?.organizationTeam).toMatchObject({ organizationId: organization.id, canManage: false });
    expect(seen.body.data?.organizationTeam?.members.map((member) => member.userId)).toContain(invitee.id);
    expect(seen.body.data?.organizationTeam?.invitations).toEqual([]);

    // Used: a second click (by anyone) joins nobody, and says why.
    const again = await backend.request(acceptTeamInvitation, { token }, await as(invitee));
    expect(keyOf(again.body)).toBe('team.error.linkUsed');
    const state = await backend.request(teamInvitationOfToken, { token }, { headers: english });
    expect(state.body.data?.teamInvitationOfToken.state).toBe('ACCEPTED');
  });

  it('an expired, revoked, forged or other brand’s link joins nobody', async () => {
    const { owner, organization } = await team();
    const email = uniqueEmail('late');
    const invitee = await createUser(db, { email, roles: ['applicant'] });

    const expired = await invite(owner, organization.id, email);
    await db
      .update(organizationInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(organizationInvitations.id, expired.id));
    const refused = await backend.request(acceptTeamInvitation, { token: expired.token }, await as(invitee));
    expect(codeOf(refused.body)).toBe('CONFLICT');
    expect(refused.body.errors?.[0]?.message).toBe(t('team.error.linkExpired'));

    // A new invitation replaces the old one; revoked, its link says so.
    const revoked = await invite(owner, organization.id, email);
    const revoke = await backend.request(
      revokeTeamInvitation,
      { organizationId: organization.id, invitationId: revoked.id },
      await as(owner),
    );
    expect(revoke.body.data?.revokeTeamInvitation).toBe(true);
    const afterRevoke = await backend.request(acceptTeamInvitation, { token: revoked.token }, await as(invitee));
    expect(keyOf(afterRevoke.body)).toBe('team.error.linkRevoked');

    const fresh = await invite(owner, organization.id, email);
    const [row] = await db.select().from(organizationInvitations).where(eq(organizationInvitations.id, fresh.id));
    const forgedTokens = [
      `${fresh.id}.a.${'A'.repeat(43)}`,
      signInvitationToken(new TextEncoder().encode('another-secret-0123456789abcdefghijkl'), row!),
      signInvitationToken(testSecret, { id: fresh.id, tokenKey: 'guessed' }),
      `${fresh.token}x`,
      'garbage',
    ];
    for (const token of forgedTokens) {
      const forged = await backend.request(acceptTeamInvitation, { token }, await as(invitee));
      expect(codeOf(forged.body)).toBe('NOT_FOUND');
      expect(keyOf(forged.body)).toBe('team.error.invalidLink');
      const shown = await backend.request(teamInvitationOfToken, { token }, { headers: english });
      expect(codeOf(shown.body)).toBe('NOT_FOUND');
    }
    // The right token on another brand's site opens nothing either.
    const otherBrand = await backend.request(
      acceptTeamInvitation,
      { token: fresh.token },
      { token: await backend.tokenFor(invitee), headers: { frontend: 'tagblatt;de' } },
    );
    expect(codeOf(otherBrand.body)).toBe('NOT_FOUND');

    const memberships = await db
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.userId, invitee.id), eq(organizationMembers.organizationId, organization.id)));
    expect(memberships).toEqual([]);
    // The fresh link still works.
    const accepted = await backend.request(acceptTeamInvitation, { token: fresh.token }, await as(invitee));
    expect(accepted.body.errors).toBeUndefined();
  });

  it('members who are not the owner see the team but cannot invite, revoke, remove or hand over', async () => {
    const { owner, colleague, organization } = await team();
    const pending = await invite(owner, organization.id, uniqueEmail('pending'));
    const seen = await backend.request(organizationTeam, { organizationId: organization.id }, await as(colleague));
    expect(seen.body.data?.organizationTeam).toMatchObject({ canManage: false });
    expect(seen.body.data?.organizationTeam?.members.map((member) => [member.userId, member.isOwner])).toEqual([
      [owner.id, true],
      [colleague.id, false],
    ]);

    const mailsBefore = mail.mails.length;
    const attempts = [
      await backend.request(
        inviteRecruiter,
        { input: { organizationId: organization.id, email: uniqueEmail('nope') } },
        await as(colleague),
      ),
      await backend.request(
        revokeTeamInvitation,
        { organizationId: organization.id, invitationId: pending.id },
        await as(colleague),
      ),
      await backend.request(
        removeTeamMember,
        { organizationId: organization.id, userId: owner.id },
        await as(colleague),
      ),
      await backend.request(
        transferOrganizationOwnership,
        { organizationId: organization.id, userId: colleague.id },
        await as(colleague),
      ),
    ];
    for (const attempt of attempts) {
      expect(codeOf(attempt.body)).toBe('FORBIDDEN');
      expect(attempt.body.errors?.[0]?.message).toBe(t('team.error.ownerOnly'));
    }
    expect(mail.mails.length).toBe(mailsBefore);
    expect(await ownersOf(organization.id)).toBe(owner.id);

    // A stranger (the owner of another organization) does not even see the team.
    const other = await team();
    const stranger = await backend.request(
      organizationTeam,
      { organizationId: organization.id },
      await as(other.owner),
    );
    expect(codeOf(stranger.body)).toBe('NOT_FOUND');
    const strangerInvite = await backend.request(
      inviteRecruiter,
      { input: { organizationId: organization.id, email: uniqueEmail('x') } },
      await as(other.owner),
    );
    expect(codeOf(strangerInvite.body)).toBe('NOT_FOUND');

    // The owner removes the colleague; the owner cannot be removed.
    const removeOwner = await backend.request(
      removeTeamMember,
      { organizationId: organization.id, userId: owner.id },
      await as(owner),
    );
    expect(keyOf(removeOwner.body)).toBe('team.error.cannotRemoveOwner');
    const removed = await backend.request(
      removeTeamMember,
      { organizationId: organization.id, userId: colleague.id },
      await as(owner),
    );
    expect(removed.body.data?.removeTeamMember).toBe(true);
    const [colleagueRow] = await db.select().from(users).where(eq(users.id, colleague.id));
    expect(colleagueRow?.activeOrganizationId).toBeNull();
    const gone = await backend.request(organizationTeam, { organizationId: organization.id }, await as(colleague));
    expect(codeOf(gone.body)).toBe('NOT_FOUND');
  });

  it('refuses a bad address by field and a member’s address, and rate-limits invitations', async () => {
    const { owner, colleague, organization } = await team();
    const bad = await backend.request(
      inviteRecruiter,
      { input: { organizationId: organization.id, email: 'not an address' } },
      await as(owner),
    );
    expect(codeOf(bad.body)).toBe('BAD_USER_INPUT');
    expect(bad.body.errors?.[0]?.extensions?.fieldErrors).toEqual({ email: t('account.error.emailInvalid') });
    const member = await backend.request(
      inviteRecruiter,
      { input: { organizationId: organization.id, email: colleague.email } },
      await as(owner),
    );
    expect(codeOf(member.body)).toBe('CONFLICT');
    expect(member.body.errors?.[0]?.extensions?.fieldErrors).toEqual({ email: t('team.error.alreadyMember') });

    let refusedAt = 0;
    for (let index = 1; index <= invitationLimits.perUserPerHour + 1; index += 1) {
      const result = await backend.request(
        inviteRecruiter,
        { input: { organizationId: organization.id, email: uniqueEmail('bulk') } },
        await as(owner),
      );
      if (codeOf(result.body) === 'RATE_LIMITED') {
        refusedAt = index;
        break;
      }
      expect(result.body.errors).toBeUndefined();
    }
    expect(refusedAt).toBe(invitationLimits.perUserPerHour + 1);
  });

  it('hands ownership over to a member in one step; there is always exactly one owner', async () => {
    const { owner, colleague, organization } = await team();
    const outsider = await createUser(db, { roles: ['recruiter'] });
    const notMember = await backend.request(
      transferOrganizationOwnership,
      { organizationId: organization.id, userId: outsider.id },
      await as(owner),
    );
    expect(keyOf(notMember.body)).toBe('team.error.memberNotFound');
    expect(await ownersOf(organization.id)).toBe(owner.id);

    const handed = await backend.request(
      transferOrganizationOwnership,
      { organizationId: organization.id, userId: colleague.id },
      await as(owner),
    );
    expect(handed.body.errors).toBeUndefined();
    expect(await ownersOf(organization.id)).toBe(colleague.id);

    const seen = await backend.request(organizationTeam, { organizationId: organization.id }, await as(owner));
    expect(seen.body.data?.organizationTeam?.canManage).toBe(false);
    expect(
      seen.body.data?.organizationTeam?.members.filter((member) => member.isOwner).map((member) => member.userId),
    ).toEqual([colleague.id]);
    // The former owner stays a member but can no longer change the team; the new owner can.
    const formerTries = await backend.request(
      removeTeamMember,
      { organizationId: organization.id, userId: colleague.id },
      await as(owner),
    );
    expect(codeOf(formerTries.body)).toBe('FORBIDDEN');
    const back = await backend.request(
      transferOrganizationOwnership,
      { organizationId: organization.id, userId: owner.id },
      await as(colleague),
    );
    expect(back.body.errors).toBeUndefined();

    // Two concurrent handovers by the owner: one owner afterwards, and both are members.
    const third = await createUser(db, { roles: ['recruiter'] });
    await db.insert(organizationMembers).values({ organizationId: organization.id, userId: third.id });
    const token = await backend.tokenFor(owner);
    await Promise.all(
      [colleague.id, third.id].map((userId) =>
        backend.request(
          transferOrganizationOwnership,
          { organizationId: organization.id, userId },
          { token, headers: english },
        ),
      ),
    );
    const finalOwner = await ownersOf(organization.id);
    expect([colleague.id, third.id]).toContain(finalOwner);
    const members = await db
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organization.id));
    expect(members.map((row) => row.userId).sort((a, b) => a - b)).toEqual(
      [owner.id, colleague.id, third.id].sort((a, b) => a - b),
    );
    // The schema keeps ownership in one column: the membership rows carry no owner flag any more.
    const columns = await db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'organization_members'`,
    );
    const names = ('rows' in columns ? columns.rows : columns) as { column_name: string }[];
    expect(names.map((row) => row.column_name)).not.toContain('is_owner');
  });
});
