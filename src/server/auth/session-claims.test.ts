import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/testing';
import { authSessions } from '../db/schema/auth';
import { userRoles, users } from '../db/schema/users';
import { verifyBackendToken } from './backend-token';
import { revokeUserSessions } from './auth-sessions';
import { claimsForSignIn, endSession, parseClaims, refreshClaims, toJwt } from './session-claims';

const secret = new TextEncoder().encode('session-claims-test-secret-0123456789');

describe('session claims', () => {
  let database: TestDatabase;
  let applicantId: number;
  let staffId: number;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const { db } = database.handle;
    const [applicant] = await db.insert(users).values({ email: 'anna@example.test', firstName: 'Anna' }).returning();
    const [staff] = await db.insert(users).values({ email: 'staff@example.test' }).returning();
    applicantId = applicant!.id;
    staffId = staff!.id;
    await db.insert(userRoles).values([
      { userId: applicantId, role: 'applicant' },
      { userId: staffId, role: 'site_admin' },
    ]);
  }, 60_000);
  afterAll(() => database?.dispose());

  it('issues a backend token with the database roles and survives a round trip through the JWT', async () => {
    const claims = await claimsForSignIn(database.handle.db, secret, applicantId);
    expect(claims).toMatchObject({ uid: applicantId, email: 'anna@example.test', name: 'Anna', masquerade: null });
    const backend = await verifyBackendToken(secret, claims!.backendToken);
    expect(backend).toMatchObject({ userId: applicantId, roles: ['applicant'], scopes: ['applicant'] });
    expect(parseClaims(toJwt(claims!))).toEqual(claims);
    expect(parseClaims({ uid: 'x' })).toBeNull();
    // A session from before sessions were revocable (no row id) is not ours any more.
    const withoutSession: Record<string, unknown> = { ...toJwt(claims!) };
    delete withoutSession.sessionId;
    expect(parseClaims(withoutSession)).toBeNull();
    expect(parseClaims({ ...toJwt(claims!), sessionId: 'not-a-uuid' })).toBeNull();
  });

  it('opens a session row per sign-in; signing out revokes it and ends that session only', async () => {
    const { db } = database.handle;
    const laptop = (await claimsForSignIn(db, secret, applicantId))!;
    const phone = (await claimsForSignIn(db, secret, applicantId))!;
    expect(laptop.sessionId).not.toBe(phone.sessionId);
    expect((await verifyBackendToken(secret, laptop.backendToken))?.sessionId).toBe(laptop.sessionId);
    const [row] = await db.select().from(authSessions).where(eq(authSessions.id, laptop.sessionId));
    expect(row).toMatchObject({ userId: applicantId, revokedAt: null });

    await endSession(db, laptop);
    const [revoked] = await db.select().from(authSessions).where(eq(authSessions.id, laptop.sessionId));
    expect(revoked!.revokedAt).toBeInstanceOf(Date);
    expect(await refreshClaims(db, secret, laptop)).toBeNull();
    expect(await refreshClaims(db, secret, phone)).not.toBeNull();

    // Sign out everywhere (and a new password) revoke every row of the user.
    await revokeUserSessions(db, applicantId);
    expect(await refreshClaims(db, secret, phone)).toBeNull();
    // An unknown session id is refused like a revoked one.
    const fresh = (await claimsForSignIn(db, secret, applicantId))!;
    expect(await refreshClaims(db, secret, { ...fresh, sessionId: '00000000-0000-4000-8000-000000000000' })).toBeNull();
  });

  it('reads tokens from before the signup-start flag as sessions without it', async () => {
    const claims = (await claimsForSignIn(database.handle.db, secret, applicantId))!;
    expect(claims.signupStart).toBeNull();
    const older: Record<string, unknown> = { ...toJwt(claims) };
    delete older.signupStart;
    expect(parseClaims(older)).toEqual({ ...claims, signupStart: null });
    expect(parseClaims({ ...older, signupStart: { method: 42 } })?.signupStart).toBeNull();
    expect(parseClaims({ ...older, signupStart: 'google' })?.signupStart).toBeNull();
  });

  it('keeps the signup-start flag while the session lives and never lets a masquerade carry it', async () => {
    const { db } = database.handle;
    const signedIn = new Date('2026-05-01T10:00:00.000Z');
    const claims = {
      ...(await claimsForSignIn(db, secret, applicantId, signedIn))!,
      signupStart: { method: 'google' },
    };
    expect(parseClaims(toJwt(claims))?.signupStart).toEqual({ method: 'google' });
    const later = new Date(signedIn.getTime() + 13 * 60 * 60 * 1000);
    const renewed = (await refreshClaims(db, secret, claims, later))!;
    expect(renewed.backendTokenIssuedAt).not.toBe(claims.backendTokenIssuedAt);
    expect(renewed.signupStart).toEqual({ method: 'google' });

    // A forged or stale token that names a masquerade and the flag is read as a masquerade without the flag
    // (a masquerade never carries it: src/server/auth/session-flows.ts).
    const acting = { ...claims, masquerade: { staffUserId: staffId, staffEmail: 'staff@example.test', startedAt: 1 } };
    expect(parseClaims(toJwt(acting))?.signupStart).toBeNull();
  });

  it('ends a session that began before the not-before time and renews old backend tokens', async () => {
    const { db } = database.handle;
    const signedIn = new Date('2026-05-01T10:00:00.000Z');
    const claims = (await claimsForSignIn(db, secret, applicantId, signedIn))!;
    const later = new Date(signedIn.getTime() + 13 * 60 * 60 * 1000);
    const renewed = (await refreshClaims(db, secret, claims, later))!;
    expect(renewed.backendTokenIssuedAt).toBe(Math.floor(later.getTime() / 1000));
    expect(renewed.signedInAtMs).toBe(claims.signedInAtMs);

    // A not-before one millisecond after sign-in ends the session; one before it does not.
    await db
      .update(users)
      .set({ tokensNotBefore: new Date(signedIn.getTime() - 1) })
      .where(eq(users.id, applicantId));
    expect(await refreshClaims(db, secret, claims, later)).not.toBeNull();
    await db
      .update(users)
      .set({ tokensNotBefore: new Date(signedIn.getTime() + 1) })
      .where(eq(users.id, applicantId));
    expect(await refreshClaims(db, secret, claims, later)).toBeNull();
    await db.update(users).set({ tokensNotBefore: null }).where(eq(users.id, applicantId));
  });

  it('ends a running masquerade when the user comes to rank as high, or the staff member loses the role', async () => {
    const { db } = database.handle;
    const staff = (await claimsForSignIn(db, secret, staffId))!;
    // A masquerade as the site writes it: the staff member's session row, acting as the applicant.
    const masquerade = { staffUserId: staffId, staffEmail: 'staff@example.test', startedAt: 1 };
    const acting = { ...staff, uid: applicantId, email: 'anna@example.test', masquerade };
    expect(await refreshClaims(db, secret, acting)).toMatchObject({ uid: applicantId, masquerade });
    await db.insert(userRoles).values({ userId: applicantId, role: 'site_admin' });
    expect(await refreshClaims(db, secret, acting)).toBeNull();
    await db.delete(userRoles).where(eq(userRoles.userId, applicantId));
    await db.insert(userRoles).values({ userId: applicantId, role: 'applicant' });
    expect(await refreshClaims(db, secret, acting)).not.toBeNull();
    await db.delete(userRoles).where(eq(userRoles.userId, staffId));
    expect(await refreshClaims(db, secret, acting)).toBeNull();
    await db.insert(userRoles).values({ userId: staffId, role: 'site_admin' });
  });
});
