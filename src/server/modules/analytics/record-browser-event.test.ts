import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../db/testing';
import { analyticsEvents } from '../../db/schema/analytics';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { recordBrowserEvent } from './record-browser-event';

describe('recordBrowserEvent', () => {
  let database: TestDatabase;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const [user] = await database.handle.db
      .insert(users)
      .values({ email: 'signup@example.test' })
      .returning({ id: users.id });
    userId = user!.id;
  }, 60_000);
  afterAll(() => database?.dispose());

  const rows = (name: 'login' | 'sign_up' | 'sign_up_start') =>
    database.handle.db
      .select({ userId: analyticsEvents.userId, dimensions: analyticsEvents.dimensions })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, name));

  it('stores one signup-start per user, however often the browser reports it', async () => {
    const { db } = database.handle;
    const session = { uid: userId, signupStart: { method: 'google' } };
    const input = { event: 'sign_up_start', method: 'google' };
    await recordBrowserEvent({ db, session, input });
    await Promise.all([recordBrowserEvent({ db, session, input }), recordBrowserEvent({ db, session, input })]);
    expect(await rows('sign_up_start')).toEqual([{ userId, dimensions: { method: 'google' } }]);
  });

  it('refuses bad input, another method and sessions without the flag', async () => {
    const { db } = database.handle;
    const session = { uid: userId, signupStart: { method: 'google' } };
    const failure = (input: unknown, claims: typeof session | { uid: number; signupStart: null } = session) =>
      recordBrowserEvent({ db, session: claims, input }).then(
        () => null,
        (error: unknown) => (error instanceof AppError ? [error.code, error.message] : error),
      );
    expect(await failure({ event: 'purchase', method: 'google' })).toEqual([
      'BAD_USER_INPUT',
      "Invalid input. event: event must be 'sign_up_start'",
    ]);
    expect(await failure({ event: 'sign_up_start', method: 'myspace' })).toEqual([
      'BAD_USER_INPUT',
      'Invalid input. method: method must be one of linkedin, google, facebook',
    ]);
    expect(await failure(null)).toEqual([
      'BAD_USER_INPUT',
      'Invalid input. input: expected an object such as {"event":"sign_up_start","method":"google"}',
    ]);
    expect(await failure({ event: 'sign_up_start', method: 'linkedin' })).toEqual([
      'BAD_USER_INPUT',
      'Invalid input. method: this session signed up with google',
    ]);
    expect(await failure({ event: 'sign_up_start', method: 'google' }, { uid: userId, signupStart: null })).toEqual([
      'FORBIDDEN',
      'This session did not begin with a social sign-up.',
    ]);
  });

  it('keeps the events of a deleted user without the user', async () => {
    const { db } = database.handle;
    await db.delete(users).where(eq(users.id, userId));
    expect((await rows('sign_up_start')).map((row) => row.userId)).toEqual([null]);
    // A session that outlived its user may not report any more.
    const stale = recordBrowserEvent({
      db,
      session: { uid: userId, signupStart: { method: 'google' } },
      input: { event: 'sign_up_start', method: 'google' },
    });
    await expect(stale).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await rows('sign_up_start')).toHaveLength(1);
  });
});
