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

describe('findOrCreateSocialUser', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  }, 60_000);
  afterAll(() => database?.dispose());

  it('says created only when the sign-in created the user (the signup-start flag)', async () => {
    const { db } = database.handle;
    const first = await findOrCreateSocialUser(db, profile({}));
    expect(first).toMatchObject({ kind: 'user', created: true });

    // The same provider account again: the same user, no sign-up.
    const again = await findOrCreateSocialUser(db, profile({}));
    expect(again).toEqual({ kind: 'user', userId: first.kind === 'user' ? first.userId : -1, created: false });

    // A verified address of an existing user links the account: no sign-up either.
    const [existing] = await db.insert(users).values({ email: 'known@example.test' }).returning({ id: users.id });
    const linked = await findOrCreateSocialUser(
      db,
      profile({ provider: 'linkedin', providerAccountId: 'li-1', email: 'Known@example.test' }),
    );
    expect(linked).toEqual({ kind: 'user', userId: existing!.id, created: false });

    expect(
      await findOrCreateSocialUser(
        db,
        profile({ provider: 'facebook', providerAccountId: 'fb-1', email: 'known@example.test', emailVerified: false }),
      ),
    ).toEqual({ kind: 'not_linked' });
  });
});
