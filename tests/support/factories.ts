/**
 * Test factories: the rows tests need (users, organizations with their members, jobs with their places)
 * and the sessions sign-in opens, written through the Drizzle schema with unique defaults; a test names
 * only what it asserts on and overrides the rest. Sessions go the way the product issues them: a row in
 * auth_sessions whose id the backend token carries (src/server/auth/session-claims.ts); a browser signs in
 * through the credentials callback (BrowserSession.signIn).
 */
import { inArray } from 'drizzle-orm';
import type { BrandId } from '../../brands/ids';
import { createAuthSession } from '../../src/server/auth/auth-sessions';
import { issueBackendToken } from '../../src/server/auth/backend-token';
import { hashPassword } from '../../src/server/auth/password';
import type { Database } from '../../src/server/db/client';
import { jobLocations, jobs, type Job, type NewJob, type NewJobLocation } from '../../src/server/db/schema/jobs';
import {
  organizationMembers,
  organizations,
  userRoles,
  users,
  type NewOrganization,
  type NewUser,
  type Organization,
  type RoleId,
  type User,
} from '../../src/server/db/schema/users';

let sequence = 0;

/** A name no other call returns, in this process or another one (Playwright's workers share a server). */
export const unique = (prefix: string): string => `${prefix}-${Date.now()}-${process.pid}-${++sequence}`;

/** An e-mail address no other call returns; the name says which test it belongs to. */
export const uniqueEmail = (name = 'user'): string => `${unique(name)}@example.test`;

/** Hashing takes a while (argon2id, as the product stores passwords): one hash per password and process. */
const passwordHashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
};

export interface UserOptions extends Partial<NewUser> {
  /** Rows of user_roles; a role with a target (e.g. the organization a recruiter works for) as an object. */
  roles?: readonly (RoleId | { role: RoleId; targetId: string })[];
  /** Whether the address is verified (now); `emailVerifiedAt` sets the instant. Default: verified. */
  verified?: boolean;
  /** The password to sign in with, stored as the product stores it. Default: none (social-only account). */
  password?: string;
}

export interface TestUser extends User {
  roles: RoleId[];
  /** The password given to createUser, to sign in with. */
  password: string | undefined;
}

export async function createUser(db: Database, options: UserOptions = {}): Promise<TestUser> {
  const { roles = [], verified = true, password, ...values } = options;
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(),
      emailVerifiedAt: verified ? new Date() : null,
      passwordHash: password === undefined ? null : await hashOf(password),
      ...values,
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  const rows = roles.map((role) => (typeof role === 'string' ? { role } : role));
  if (rows.length > 0) await db.insert(userRoles).values(rows.map((row) => ({ userId: user.id, ...row })));
  return { ...user, roles: rows.map((row) => row.role), password };
}

export interface OrganizationOptions extends Partial<NewOrganization> {
  /** The owner (organizations.owner_user_id), without a membership row unless also among `members`. */
  owner?: { id: number };
  /** Rows of organization_members, in this order; `isOwner` makes the member its owner (owner_user_id). */
  members?: readonly ({ id: number } | { user: { id: number }; isOwner: boolean })[];
  /** Users whose active organization this is (members or not). */
  activeFor?: readonly { id: number }[];
}

/** An organization of the default brand (tagblatt), unpublished unless `published`. */
export async function createOrganization(db: Database, options: OrganizationOptions = {}): Promise<Organization> {
  const { members = [], activeFor = [], ...values } = options;
  const owner =
    options.owner ??
    members.flatMap((member) => ('user' in member && member.isOwner ? [member.user] : []))[0] ??
    undefined;
  delete (values as { owner?: unknown }).owner;
  const [organization] = await db
    .insert(organizations)
    .values({
      name: unique('Organization'),
      frontend: 'tagblatt',
      ...(owner ? { ownerUserId: owner.id } : {}),
      ...values,
    })
    .returning();
  if (!organization) throw new Error('organization not inserted');
  if (members.length > 0) {
    await db
      .insert(organizationMembers)
      .values(
        members.map((member) =>
          'user' in member
            ? { organizationId: organization.id, userId: member.user.id }
            : { organizationId: organization.id, userId: member.id },
        ),
      );
  }
  if (activeFor.length > 0) {
    await db
      .update(users)
      .set({ activeOrganizationId: organization.id })
      .where(
        inArray(
          users.id,
          activeFor.map((user) => user.id),
        ),
      );
  }
  return organization;
}

/** A place of a job; its weight is its position in `locations` unless given. */
export type JobPlace = Omit<NewJobLocation, 'jobId'>;

export interface JobOptions extends Partial<Omit<NewJob, 'organizationId'>> {
  /** The employer; its name is copied into the job as the job services do (for the search vector). */
  organization: { id: number; name?: string; frontend?: BrandId };
  /** Rows of job_locations. */
  locations?: readonly JobPlace[];
}

/** A published job (since a day ago) of the organization's brand. */
export async function createJob(db: Database, options: JobOptions): Promise<Job> {
  const { organization, locations = [], ...values } = options;
  const [job] = await db
    .insert(jobs)
    .values({
      title: unique('Job'),
      organizationId: organization.id,
      organizationName: organization.name,
      frontend: organization.frontend ?? 'tagblatt',
      state: 'published',
      publishedAt: new Date(Date.now() - 24 * 60 * 60 * 1000),
      ...values,
    })
    .returning();
  if (!job) throw new Error('job not inserted');
  if (locations.length > 0) {
    await db.insert(jobLocations).values(locations.map((place, weight) => ({ weight, ...place, jobId: job.id })));
  }
  return job;
}

/**
 * A backend token as sign-in issues it: a session row of its own in auth_sessions, whose id the token
 * carries, with the given roles; `issuedAt` back-dates the token.
 */
export async function signInToken(
  db: Database,
  secret: Uint8Array,
  user: { id: number; roles: readonly RoleId[] },
  issuedAt?: Date,
): Promise<string> {
  const sessionId = await createAuthSession(db, user.id);
  return issueBackendToken(secret, { id: user.id, roles: user.roles, sessionId }, issuedAt);
}

/** What the recruiter registration form (/user/register/recruiter) sends, apart from its csrfToken. */
export function recruiterRegistrationForm(
  options: { email: string; password: string } & Record<string, string>,
): Record<string, string> {
  return {
    passwordConfirm: options.password,
    salutation: 'ms',
    firstName: 'Rita',
    lastName: 'Recruiter',
    phone: '+49 761 123456',
    position: 'HR',
    companyName: 'Schwarzwald Werkzeug GmbH',
    addressLine1: 'Hauptstraße 5',
    addressLine2: '',
    postalCode: '79098',
    locality: 'Freiburg',
    administrativeArea: 'Baden-Württemberg',
    countryCode: 'de',
    ...options,
  };
}
