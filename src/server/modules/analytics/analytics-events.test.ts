import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../db/testing';
import { analyticsEvents } from '../../db/schema/analytics';
import { users } from '../../db/schema/users';
import { AppError } from '../../errors';
import { recordDispatchEvent } from './record-dispatch-event';
import { recordSignupStart } from './record-signup-start';

describe('analytics events', () => {
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
  const viewerOf = (id: number | null) => ({ userId: id, roles: [] });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof AppError ? [error.code, error.message] : error),
    );

  it('stores one signup-start per user, however often the browser reports it', async () => {
    const { db } = database.handle;
    const options = { db, viewer: viewerOf(userId), signupStart: { method: 'google' }, input: { method: 'google' } };
    await recordSignupStart(options);
    await Promise.all([recordSignupStart(options), recordSignupStart(options)]);
    expect(await rows('sign_up_start')).toEqual([{ userId, dimensions: { method: 'google' } }]);
  });

  it('refuses bad input, another method, sessions without the flag and anonymous viewers', async () => {
    const { db } = database.handle;
    const record = (input: unknown, signupStart: { method: string } | null = { method: 'google' }, id = userId) =>
      failure(recordSignupStart({ db, viewer: viewerOf(id), signupStart, input }));
    expect(await record({ method: 'myspace' })).toEqual([
      'BAD_USER_INPUT',
      'Invalid input. method: method must be one of linkedin, google, facebook',
    ]);
    expect(await record({ method: 'linkedin' })).toEqual([
      'BAD_USER_INPUT',
      'Invalid input. method: this session signed up with google',
    ]);
    // Anyone but the site's own request for that session has no flag to show.
    expect(await record({ method: 'google' }, null)).toEqual([
      'FORBIDDEN',
      'This session did not begin with a social sign-up.',
    ]);
    const anonymous = await failure(
      recordSignupStart({ db, viewer: viewerOf(null), signupStart: { method: 'google' }, input: { method: 'google' } }),
    );
    expect(anonymous).toEqual(['UNAUTHENTICATED', 'Please sign in to do this.']);
  });

  it('stores dispatch events with the path, for the viewer or nobody, and refuses what is no path', async () => {
    const { db } = database.handle;
    await recordDispatchEvent({ db, viewer: viewerOf(userId), input: { event: 'login', path: '/dashboard' } });
    await recordDispatchEvent({ db, viewer: viewerOf(null), input: { event: 'sign_up', path: '/' } });
    expect(await rows('login')).toEqual([{ userId, dimensions: { path: '/dashboard' } }]);
    expect(await rows('sign_up')).toEqual([{ userId: null, dimensions: { path: '/' } }]);
    const refused = await failure(
      recordDispatchEvent({
        db,
        viewer: viewerOf(null),
        input: { event: 'sign_up_start', path: 'https://x.example/' },
      }),
    );
    expect(refused).toEqual([
      'BAD_USER_INPUT',
      'Invalid input. event: event must be one of login, sign_up; path: path must be a path such as /dashboard',
    ]);
  });

  it('keeps the events of a deleted user without the user', async () => {
    const { db } = database.handle;
    await db.delete(users).where(eq(users.id, userId));
    expect((await rows('sign_up_start')).map((row) => row.userId)).toEqual([null]);
    expect((await rows('login')).map((row) => row.userId)).toEqual([null]);
  });
});
