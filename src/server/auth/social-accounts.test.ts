import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/testing';
import { users } from '../db/schema/users';
import { findOrCreateSocialUser, type SocialProfile } from './social-accounts';

const profile = (overrides: Partial<SocialProfile>): SocialProfile => ({
  provider: 'google',
  providerAccountId: 'google-1',
  email: 'new@example.test',
  emailVerified: true,
  firstName: 'Nina',
  lastName: 'Neu',
  ...overrides,
});
/** A brand with applicant accounts, and one without (recruiters register with their company first). */
const open = { applicantSignUp: true };
const closed = { applicantSignUp: false };

describe('findOrCreateSocialUser', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  }, 60_000);
  afterAll(() => database?.dispose());

  it('says created only when the sign-in created the user (the signup-start flag)', async () => {
    const { db } = database.handle;
    const first = await findOrCreateSocialUser(db, profile({}), open);
    expect(first).toMatchObject({ kind: 'user', created: true });

    // The same provider account again: the same user, no sign-up.
    const again = await findOrCreateSocialUser(db, profile({}), open);
    expect(again).toEqual({ kind: 'user', userId: first.kind === 'user' ? first.userId : -1, created: false });

    // A verified address of an existing user links the account: no sign-up either.
    const [existing] = await db.insert(users).values({ email: 'known@example.test' }).returning({ id: users.id });
    const linked = await findOrCreateSocialUser(
      db,
      profile({ provider: 'linkedin', providerAccountId: 'li-1', email: 'Known@example.test' }),
      open,
    );
    expect(linked).toEqual({ kind: 'user', userId: existing!.id, created: false });

    expect(
      await findOrCreateSocialUser(
        db,
        profile({ provider: 'facebook', providerAccountId: 'fb-1', email: 'known@example.test', emailVerified: false }),
        open,
      ),
    ).toEqual({ kind: 'not_linked' });
    expect(await findOrCreateSocialUser(db, profile({ providerAccountId: 'g-2', email: null }), open)).toEqual({
      kind: 'no_email',
    });
  });

  it('signs known users in but creates none where the brand has no applicant accounts', async () => {
    const { db } = database.handle;
    const [recruiter] = await db.insert(users).values({ email: 'recruiter@example.test' }).returning({ id: users.id });
    const linked = await findOrCreateSocialUser(
      db,
      profile({ providerAccountId: 'g-recruiter', email: 'recruiter@example.test' }),
      closed,
    );
    expect(linked).toEqual({ kind: 'user', userId: recruiter!.id, created: false });

    const stranger = profile({ providerAccountId: 'g-stranger', email: 'stranger@example.test' });
    expect(await findOrCreateSocialUser(db, stranger, closed)).toEqual({ kind: 'sign_up_closed' });
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'stranger@example.test'));
    expect(row).toBeUndefined();
  });
});
