/**
 * The team of an organization (issue 15 part 4, decision 0024): its members and pending invitations, the
 * owner's invitations by e-mail (a signed link that expires and works once), removing members, revoking
 * invitations and handing over ownership. Who may do what is the access policy's (canSeeTeam,
 * canManageTeam in get-organization-access.ts); ownership is organizations.owner_user_id alone.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { BrandId } from '../../../../brands/ids.ts';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { createTranslator } from '../../../i18n/index.ts';
import { inviteRecruiterSchema, teamInvitationSchema, teamMemberSchema } from '../../../lib/team/team-schema.ts';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { organizationInvitations, type OrganizationInvitation } from '../../db/schema/team.ts';
import {
  organizationMembers,
  organizations,
  userRoles,
  users,
  type Organization,
  organizationColumns,
} from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { clientKeyOf, countRequest } from '../../limits/request-rate.ts';
import { sendTeamInvitationMail } from '../../mail/team-mails.ts';
import { parseInput } from '../../validation.ts';
import { findViewerOrganizations } from '../organizations/find-viewer-organizations.ts';
import { organizationAccessOf, type OrganizationAccess } from '../organizations/get-organization-access.ts';
import { invitationIdOfToken, invitationLink, verifyInvitationToken } from './invitation-links.ts';

/** How long an invitation link works. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** Invitation mails per inviting user an hour and per organization a day (mail abuse). */
export const invitationLimits = { perUserPerHour: 20, perOrganizationPerDay: 50 } as const;

export interface TeamServiceOptions {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
}

export interface TeamMemberView {
  userId: number;
  name: string;
  email: string;
  isOwner: boolean;
  joinedAt: Date;
}

export interface TeamInvitationView {
  id: number;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  isExpired: boolean;
}

export interface TeamView {
  organization: Organization;
  canManage: boolean;
  viewerUserId: number;
  members: TeamMemberView[];
  invitations: TeamInvitationView[];
}

const signInRequired = (locale: Locale) => new AppError('UNAUTHENTICATED', { key: 'error.signInRequired', locale });

function requireUser(viewer: Viewer, locale: Locale): Viewer & { userId: number } {
  if (viewer.userId === null) throw signInRequired(locale);
  return viewer as Viewer & { userId: number };
}

/**
 * The organization (of this brand) and the viewer's access to it; NOT_FOUND for another brand's or one the
 * viewer may not even see the team of, so ids tell strangers nothing. `db` may be a transaction.
 */
async function organizationWithAccess(
  options: TeamServiceOptions & { db: Pick<Database, 'select'> },
  organizationId: number,
  lock = false,
): Promise<{ organization: Organization; access: OrganizationAccess; viewer: Viewer & { userId: number } }> {
  const { db, brand, locale } = options;
  const viewer = requireUser(options.viewer, locale);
  const query = db
    .select(organizationColumns)
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.frontend, brand.id as BrandId)));
  const [organization] = lock ? await query.for('update') : await query;
  const memberships = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, viewer.userId), eq(organizationMembers.organizationId, organizationId)));
  const access = organization ? organizationAccessOf(viewer, organization, memberships) : null;
  if (!organization || !access?.canSeeTeam) {
    throw new AppError('NOT_FOUND', { key: 'team.error.notFound', locale });
  }
  return { organization, access, viewer };
}

function requireManage(access: OrganizationAccess, locale: Locale): void {
  if (!access.canManageTeam) throw new AppError('FORBIDDEN', { key: 'team.error.ownerOnly', locale });
}

/** The team of `organizationId`, or of the viewer's current organization without one (null if none). */
export async function getOrganizationTeam(
  options: TeamServiceOptions & { organizationId?: number | null },
): Promise<TeamView | null> {
  const { db, locale } = options;
  const viewer = requireUser(options.viewer, locale);
  let organizationId = options.organizationId ?? null;
  if (organizationId === null) {
    const current = (await findViewerOrganizations({ db, viewer })).current;
    if (!current || current.frontend !== options.brand.id) return null;
    organizationId = current.id;
  }
  const { organization, access } = await organizationWithAccess(options, organizationId);
  const memberRows = await db
    .select({
      userId: users.id,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      joinedAt: organizationMembers.createdAt,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organization.id))
    .orderBy(asc(organizationMembers.createdAt), asc(users.id));
  const now = Date.now();
  const invitationRows = await db
    .select()
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organization.id),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
      ),
    )
    .orderBy(asc(organizationInvitations.createdAt), asc(organizationInvitations.id));
  const members = memberRows.map((row) => ({
    userId: row.userId,
    name: row.displayName ?? ([row.firstName, row.lastName].filter(Boolean).join(' ') || row.email),
    email: row.email,
    isOwner: row.userId === organization.ownerUserId,
    joinedAt: row.joinedAt,
  }));
  members.sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
  return {
    organization,
    canManage: access.canManageTeam,
    viewerUserId: viewer.userId,
    members,
    invitations: invitationRows.map((row) => ({
      id: row.id,
      email: row.email,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      isExpired: row.expiresAt.getTime() <= now,
    })),
  };
}

/**
 * inviteRecruiter: the owner (or staff) invites an address to the team. A pending invitation of the same
 * address is replaced (its link stops working); members are not invited again. Rate-limited per inviting
 * user and per organization; the mail goes out after the row is written.
 */
export async function inviteRecruiter(
  options: TeamServiceOptions & { input: unknown; authSecret: Uint8Array; clientAddress?: string | null },
): Promise<TeamInvitationView> {
  const { db, brand, locale } = options;
  const input = parseInput(inviteRecruiterSchema, options.input, { locale });
  const { organization, access, viewer } = await organizationWithAccess(options, input.organizationId);
  requireManage(access, locale);

  const [existingMember] = await db
    .select({ userId: users.id })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organization.id), eq(users.email, input.email)));
  if (existingMember || (await isOwnerAddress(db, organization, input.email))) {
    throw new AppError(
      'CONFLICT',
      { key: 'team.error.alreadyMember', locale },
      {
        fieldErrors: { email: createTranslator(locale)('team.error.alreadyMember') },
      },
    );
  }

  const refusal = await countRequest(db, [
    { key: `team-invite:user:${viewer.userId}`, max: invitationLimits.perUserPerHour, windowSeconds: 3_600 },
    {
      key: `team-invite:organization:${organization.id}`,
      max: invitationLimits.perOrganizationPerDay,
      windowSeconds: 86_400,
    },
    { key: `team-invite:client:${clientKeyOf(options.clientAddress)}`, max: 60, windowSeconds: 3_600 },
  ]);
  if (refusal) {
    throw new AppError(
      'RATE_LIMITED',
      { key: 'team.error.rateLimited', locale },
      { retryAfterSeconds: refusal.retryAfterSeconds },
    );
  }

  const invitation = await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(organizationInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(organizationInvitations.organizationId, organization.id),
          eq(organizationInvitations.email, input.email),
          isNull(organizationInvitations.acceptedAt),
          isNull(organizationInvitations.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(organizationInvitations)
      .values({
        organizationId: organization.id,
        email: input.email,
        locale,
        tokenKey: randomBytes(16).toString('base64url'),
        invitedByUserId: viewer.userId,
        expiresAt: new Date(now.getTime() + invitationLifetimeMs),
      })
      .returning();
    if (!row) throw new Error('Inserting the invitation returned no row.');
    return row;
  });

  const [inviter] = await db
    .select({ displayName: users.displayName, email: users.email })
    .from(users)
    .where(eq(users.id, viewer.userId));
  await sendTeamInvitationMail({
    to: invitation.email,
    link: invitationLink(options.authSecret, invitation, brand, locale),
    organizationName: organization.name,
    inviterName: inviter?.displayName ?? inviter?.email ?? organization.name,
    expiresAt: invitation.expiresAt,
    brand,
    locale,
  });
  return invitationViewOf(invitation);
}

async function isOwnerAddress(db: Database, organization: Organization, email: string): Promise<boolean> {
  if (organization.ownerUserId === null) return false;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, organization.ownerUserId), eq(users.email, email)));
  return owner !== undefined;
}

function invitationViewOf(row: OrganizationInvitation): TeamInvitationView {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    isExpired: row.expiresAt.getTime() <= Date.now(),
  };
}

/** revokeTeamInvitation: the owner (or staff) voids a pending invitation; its link then says so. */
export async function revokeTeamInvitation(options: TeamServiceOptions & { input: unknown }): Promise<boolean> {
  const { db, locale } = options;
  const input = parseInput(teamInvitationSchema, options.input, { locale });
  const { access } = await organizationWithAccess(options, input.organizationId);
  requireManage(access, locale);
  const revoked = await db
    .update(organizationInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(organizationInvitations.id, input.invitationId),
        eq(organizationInvitations.organizationId, input.organizationId),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
      ),
    )
    .returning({ id: organizationInvitations.id });
  if (revoked.length === 0) throw new AppError('NOT_FOUND', { key: 'team.error.invitationNotFound', locale });
  return true;
}

/**
 * removeTeamMember: the owner (or staff) removes a member. The owner cannot be removed (hand over
 * ownership first). The removed user no longer works in the organization (their active one is cleared).
 */
export async function removeTeamMember(options: TeamServiceOptions & { input: unknown }): Promise<boolean> {
  const { db, locale } = options;
  const input = parseInput(teamMemberSchema, options.input, { locale });
  return db.transaction(async (tx) => {
    const { organization, access } = await organizationWithAccess({ ...options, db: tx }, input.organizationId, true);
    requireManage(access, locale);
    if (organization.ownerUserId === input.userId) {
      throw new AppError('CONFLICT', { key: 'team.error.cannotRemoveOwner', locale });
    }
    const removed = await tx
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organization.id), eq(organizationMembers.userId, input.userId)))
      .returning({ userId: organizationMembers.userId });
    if (removed.length === 0) throw new AppError('NOT_FOUND', { key: 'team.error.memberNotFound', locale });
    await tx
      .update(users)
      .set({ activeOrganizationId: null })
      .where(and(eq(users.id, input.userId), eq(users.activeOrganizationId, organization.id)));
    return true;
  });
}

/**
 * transferOrganizationOwnership: the owner (or staff) hands the organization over to another member, in
 * one transaction on the locked organization row, so two concurrent handovers cannot both win. The former
 * owner stays a member.
 */
export async function transferOrganizationOwnership(
  options: TeamServiceOptions & { input: unknown },
): Promise<boolean> {
  const { db, locale } = options;
  const input = parseInput(teamMemberSchema, options.input, { locale });
  return db.transaction(async (tx) => {
    const { organization, access } = await organizationWithAccess({ ...options, db: tx }, input.organizationId, true);
    requireManage(access, locale);
    if (organization.ownerUserId === input.userId) return true;
    const [member] = await tx
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(
        and(eq(organizationMembers.organizationId, organization.id), eq(organizationMembers.userId, input.userId)),
      );
    if (!member) throw new AppError('NOT_FOUND', { key: 'team.error.memberNotFound', locale });
    if (organization.ownerUserId !== null) {
      await tx
        .insert(organizationMembers)
        .values({ organizationId: organization.id, userId: organization.ownerUserId })
        .onConflictDoNothing();
    }
    await tx.update(organizations).set({ ownerUserId: input.userId }).where(eq(organizations.id, organization.id));
    return true;
  });
}

export type InvitationState = 'PENDING' | 'EXPIRED' | 'ACCEPTED' | 'REVOKED';

export interface InvitationOfToken {
  organizationName: string;
  email: string;
  state: InvitationState;
  expiresAt: Date;
}

/** The invitation a signed token names on this brand; NOT_FOUND for a forged or altered token. */
async function invitationOfTokenRow(
  options: { db: Pick<Database, 'select'>; brand: Brand; locale: Locale; authSecret: Uint8Array; token: unknown },
  lock = false,
): Promise<{ invitation: OrganizationInvitation; organization: Organization }> {
  const id = invitationIdOfToken(options.token);
  const query =
    id === null
      ? null
      : options.db
          .select({ invitation: organizationInvitations, organization: organizationColumns })
          .from(organizationInvitations)
          .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
          .where(and(eq(organizationInvitations.id, id), eq(organizations.frontend, options.brand.id as BrandId)));
  const [row] = query === null ? [] : lock ? await query.for('update', { of: organizationInvitations }) : await query;
  if (!row || !verifyInvitationToken(options.authSecret, String(options.token), row.invitation)) {
    throw new AppError('NOT_FOUND', { key: 'team.error.invalidLink', locale: options.locale });
  }
  return row;
}

function stateOf(invitation: OrganizationInvitation, now = Date.now()): InvitationState {
  if (invitation.acceptedAt !== null) return 'ACCEPTED';
  if (invitation.revokedAt !== null) return 'REVOKED';
  if (invitation.expiresAt.getTime() <= now) return 'EXPIRED';
  return 'PENDING';
}

/** What an invitation link is for, without signing in (the token is the secret). */
export async function teamInvitationOfToken(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  authSecret: Uint8Array;
  token: unknown;
}): Promise<InvitationOfToken> {
  const { invitation, organization } = await invitationOfTokenRow(options);
  return {
    organizationName: organization.name,
    email: invitation.email,
    state: stateOf(invitation),
    expiresAt: invitation.expiresAt,
  };
}

const stateErrors = {
  ACCEPTED: 'team.error.linkUsed',
  REVOKED: 'team.error.linkRevoked',
  EXPIRED: 'team.error.linkExpired',
} as const;

/**
 * acceptTeamInvitation: the signed-in account with the invited address joins the organization as a
 * recruiter (the recruiter role of src/lib/roles.ts, targeted at the organization if they had none), in one
 * transaction that also marks the invitation used; it becomes their active organization if they had none.
 */
export async function acceptTeamInvitation(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  authSecret: Uint8Array;
  token: unknown;
}): Promise<{ organizationId: number; organizationName: string }> {
  const { db, locale } = options;
  const viewer = requireUser(options.viewer, locale);
  return db.transaction(async (tx) => {
    const { invitation, organization } = await invitationOfTokenRow({ ...options, db: tx }, true);
    const state = stateOf(invitation);
    if (state !== 'PENDING') throw new AppError('CONFLICT', { key: stateErrors[state], locale });
    const [user] = await tx
      .select({ email: users.email, activeOrganizationId: users.activeOrganizationId })
      .from(users)
      .where(eq(users.id, viewer.userId));
    if (!user) throw signInRequired(locale);
    if (user.email !== invitation.email) {
      throw new AppError('FORBIDDEN', { key: 'team.error.otherAccount', locale, params: { email: invitation.email } });
    }
    const now = new Date();
    await tx
      .insert(organizationMembers)
      .values({ organizationId: organization.id, userId: viewer.userId })
      .onConflictDoNothing();
    await tx
      .insert(userRoles)
      .values({ userId: viewer.userId, role: 'recruiter', targetId: String(organization.id) })
      .onConflictDoNothing();
    if (user.activeOrganizationId === null) {
      await tx.update(users).set({ activeOrganizationId: organization.id }).where(eq(users.id, viewer.userId));
    }
    await tx
      .update(organizationInvitations)
      .set({ acceptedAt: now, acceptedByUserId: viewer.userId })
      .where(eq(organizationInvitations.id, invitation.id));
    return { organizationId: organization.id, organizationName: organization.name };
  });
}
