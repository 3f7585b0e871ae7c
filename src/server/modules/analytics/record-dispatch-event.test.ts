import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../db/testing';
import { analyticsEvents } from '../../db/schema/analytics';
import { users } from '../../db/schema/users';
import * as logger from '../../log';
import { recordDispatchEvent } from './record-dispatch-event';

describe('recordDispatchEvent', () => {
  let database: TestDatabase;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const [user] = await database.handle.db
      .insert(users)
      .values({ email: 'dispatch@example.test' })
      .returning({ id: users.id });
    userId = user!.id;
  }, 60_000);
  afterAll(() => database?.dispose());

  const rows = (name: 'login' | 'sign_up') =>
    database.handle.db
      .select({ userId: analyticsEvents.userId, dimensions: analyticsEvents.dimensions })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, name));

  it('stores the event in analytics_events and never lets a failed insert reach the redirect', async () => {
    const { db } = database.handle;
    await recordDispatchEvent('login', { path: '/dashboard', userId }, { db });
    await recordDispatchEvent('sign_up', { path: '/', userId: null }, { db });
    expect(await rows('login')).toEqual([{ userId, dimensions: { path: '/dashboard' } }]);
    expect(await rows('sign_up')).toEqual([{ userId: null, dimensions: { path: '/' } }]);

    // A session of a user deleted since: the foreign key refuses the row; logged, not thrown.
    const logged = vi.spyOn(logger, 'logUnexpected').mockImplementation(() => undefined);
    await expect(recordDispatchEvent('login', { path: '/jobs', userId: 999_999 }, { db })).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith('analytics', expect.stringContaining('login not recorded'), expect.anything());
    logged.mockRestore();
    expect(await rows('login')).toHaveLength(1);
  });
});
