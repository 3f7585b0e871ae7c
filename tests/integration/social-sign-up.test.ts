/**
 * Social sign-up agrees to the registration's terms (issue 18, decision 0026): a new account created
 * through a provider records the consent to the latest revision in the page's language (method social,
 * proven when the provider verified the address, so it counts for the user) and the creation source; an
 * existing account signing in records nothing; without the agreement no account is created while a terms
 * text exists. The signed cookie that carries the agreement through the provider is checked here too.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrCreateSocialUser, type SocialProfile } from '../../src/server/auth/social-accounts';
import {
  readSocialSignUpCookie,
  socialSignUpCookieValue,
  socialSignUpOfForm,
} from '../../src/server/auth/social-sign-up-cookie';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../src/server/db/schema/consent';
import { users } from '../../src/server/db/schema/users';
import { createTestDatabase, testDialects, type TestDatabase } from '../../src/server/db/testing';
import { countsForUser } from '../../src/server/modules/consent/manage-gdpr-consents';
import { unique } from '../support/factories';

const profile = (overrides: Partial<SocialProfile> = {}): SocialProfile => ({
  provider: 'google',
  providerAccountId: unique('google'),
  email: `${unique('social')}@example.test`.toLowerCase(),
  emailVerified: true,
  firstName: 'Sofia',
  lastName: 'Zial',
  ...overrides,
});
const signUp = { language: 'en', creationSource: 'newsletter_autumn' } as const;
const open = { applicantSignUp: true };

describe.each(testDialects)('social sign-up on %s', (dialect) => {
  let database: TestDatabase;
  let infoId = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const { db } = database.handle;
    const [info] = await db
      .insert(consentInfos)
      .values({ type: 'terms', placement: 'registration', optIn: true })
      .returning();
    infoId = info!.id;
    await db.insert(consentInfoRevisions).values([
      { infoId, revision: 1, language: 'en', text: 'Terms 1' },
      { infoId, revision: 2, language: 'de', text: 'AGB 2' },
      { infoId, revision: 2, language: 'en', text: 'Terms 2' },
    ]);
  }, 60_000);
  afterAll(() => database?.dispose());

  const recordsOf = (userId: number) =>
    database.handle.db
      .select({ record: consentRecords, revision: consentInfoRevisions })
      .from(consentRecords)
      .innerJoin(consentInfoRevisions, eq(consentInfoRevisions.id, consentRecords.infoRevisionId))
      .where(eq(consentRecords.userId, userId));
  const countingFor = (userId: number, email: string) =>
    database.handle.db
      .select({ id: consentRecords.id })
      .from(consentRecords)
      .where(and(eq(consentRecords.infoId, infoId), countsForUser(userId, email)));

  it('records the consent (latest revision, language, method social) and the creation source; it counts', async () => {
    const { db } = database.handle;
    const person = profile();
    const result = await findOrCreateSocialUser(db, person, { ...open, signUp });
    expect(result).toMatchObject({ kind: 'user', created: true });
    const userId = result.kind === 'user' ? result.userId : -1;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: person.email, creationSource: 'newsletter_autumn' });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);

    const records = await recordsOf(userId);
    expect(records).toHaveLength(1);
    expect(records[0]!.record).toMatchObject({
      mail: person.email,
      infoId,
      placement: 'registration',
      method: 'social',
      withdrawnAt: null,
    });
    expect(records[0]!.record.verifiedAt).toBeInstanceOf(Date);
    expect(records[0]!.revision).toMatchObject({ revision: 2, language: 'en' });
    // The provider verified the address: the consent counts for the user at once.
    expect(await countingFor(userId, person.email!)).toHaveLength(1);
  });

  it('keeps the consent of an address the provider did not verify unproven (the verification link proves it)', async () => {
    const { db } = database.handle;
    const person = profile({ provider: 'facebook', emailVerified: false });
    const result = await findOrCreateSocialUser(db, person, {
      ...open,
      signUp: { language: 'de', creationSource: null },
    });
    const userId = result.kind === 'user' ? result.userId : -1;
    const records = await recordsOf(userId);
    expect(records.map(({ record, revision }) => [record.method, record.verifiedAt, revision.language])).toEqual([
      ['social', null, 'de'],
    ]);
    expect(await countingFor(userId, person.email!)).toEqual([]);
    const [user] = await db.select({ creationSource: users.creationSource }).from(users).where(eq(users.id, userId));
    expect(user).toEqual({ creationSource: null });
  });

  it('records nothing new for an existing account, whether it is found or linked', async () => {
    const { db } = database.handle;
    const person = profile();
    const first = await findOrCreateSocialUser(db, person, { ...open, signUp });
    const userId = first.kind === 'user' ? first.userId : -1;
    // The same provider account again, from the registration page with another source: a sign-in.
    const again = await findOrCreateSocialUser(db, person, {
      ...open,
      signUp: { language: 'de', creationSource: 'other' },
    });
    expect(again).toEqual({ kind: 'user', userId, created: false });
    // Another provider with the verified address links to the same user: a sign-in too.
    const linked = await findOrCreateSocialUser(db, profile({ provider: 'linkedin', email: person.email }), {
      ...open,
      signUp,
    });
    expect(linked).toEqual({ kind: 'user', userId, created: false });
    expect(await recordsOf(userId)).toHaveLength(1);
    const [user] = await db.select({ creationSource: users.creationSource }).from(users).where(eq(users.id, userId));
    expect(user).toEqual({ creationSource: 'newsletter_autumn' });

    // An account registered with a password, signing in socially for the first time: no consent recorded.
    const [registered] = await db
      .insert(users)
      .values({ email: `${unique('password')}@example.test`.toLowerCase() })
      .returning();
    const social = await findOrCreateSocialUser(db, profile({ email: registered!.email }), { ...open, signUp });
    expect(social).toEqual({ kind: 'user', userId: registered!.id, created: false });
    expect(await recordsOf(registered!.id)).toEqual([]);
  });

  it('creates no account without the agreement while a terms text exists, and signs existing ones in', async () => {
    const { db } = database.handle;
    const person = profile();
    expect(await findOrCreateSocialUser(db, person, open)).toEqual({ kind: 'terms_required' });
    expect(await findOrCreateSocialUser(db, person, { ...open, signUp: null })).toEqual({ kind: 'terms_required' });
    expect(await db.select().from(users).where(eq(users.email, person.email!))).toEqual([]);

    const created = await findOrCreateSocialUser(db, person, { ...open, signUp });
    expect(created).toMatchObject({ kind: 'user', created: true });
    // Once the account exists, signing in needs no agreement.
    expect(await findOrCreateSocialUser(db, person, open)).toMatchObject({ kind: 'user', created: false });
  });
});

describe('social sign-up cookie', () => {
  const secret = new TextEncoder().encode('social-sign-up-test-secret-0123456789');

  it('states a sign-up only for terms=accepted and one of our languages; drops an unusable source', () => {
    expect(socialSignUpOfForm({ terms: 'accepted', language: 'fr', creationSource: ' partner ' })).toEqual({
      language: 'fr',
      creationSource: 'partner',
    });
    expect(socialSignUpOfForm({ terms: 'accepted', language: 'de', creationSource: '<b>x</b>' })).toEqual({
      language: 'de',
      creationSource: null,
    });
    expect(socialSignUpOfForm({ language: 'de' })).toBeNull();
    expect(socialSignUpOfForm({ terms: 'on', language: 'de' })).toBeNull();
    expect(socialSignUpOfForm({ terms: 'accepted', language: 'es' })).toBeNull();
  });

  it('reads back only a value signed by this server and not expired', () => {
    const now = Date.now();
    const value = socialSignUpCookieValue(secret, signUp, now + 60_000);
    expect(readSocialSignUpCookie(secret, value, now)).toEqual(signUp);
    expect(readSocialSignUpCookie(secret, value, now + 60_000)).toBeNull();
    expect(readSocialSignUpCookie(new TextEncoder().encode('another-secret-0123456789abcdef'), value, now)).toBeNull();
    const [payload, mac] = value.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ language: 'en', creationSource: 'forged', exp: now + 60_000 }),
    ).toString('base64url');
    expect(readSocialSignUpCookie(secret, `${forged}.${mac}`, now)).toBeNull();
    expect(readSocialSignUpCookie(secret, `${payload}.${mac.slice(1)}x`, now)).toBeNull();
    expect(readSocialSignUpCookie(secret, undefined, now)).toBeNull();
    expect(readSocialSignUpCookie(secret, 'garbage', now)).toBeNull();
  });
});
