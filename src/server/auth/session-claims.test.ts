import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/testing';
import { authSessions, masqueradeAudit } from '../db/schema/auth';
import { userRoles, users } from '../db/schema/users';
import { verifyBackendToken } from './backend-token';
import { revokeUserSessions } from './auth-sessions';
import {
  claimsForSignIn,
  endMasquerade,
  endSession,
  MasqueradeRefused,
  parseClaims,
  refreshClaims,
  startMasquerade,
  toJwt,
} from './session-claims';

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

    const staffSignup = { ...(await claimsForSignIn(db, secret, staffId))!, signupStart: { method: 'linkedin' } };
    const acting = await startMasquerade({
      db,
      secret,
      claims: staffSignup,
      targetUserId: applicantId,
      ipAddress: null,
    });
    expect(acting.signupStart).toBeNull();
    expect((await endMasquerade({ db, secret, claims: acting, ipAddress: null }))?.signupStart).toBeNull();
    // A forged or stale token that names both is read as a masquerade without the flag.
    expect(parseClaims({ ...toJwt(acting), signupStart: { method: 'linkedin' } })?.signupStart).toBeNull();
    // The masquerade test below checks the whole audit trail.
    await db.delete(masqueradeAudit);
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

  it('lets staff masquerade only as lower-ranked users, in a session row of their own, with an audit trail', async () => {
    const { db } = database.handle;
    const [admin] = await db.insert(users).values({ email: 'admin@example.test' }).returning();
    const [otherSiteAdmin] = await db.insert(users).values({ email: 'other-admin@example.test' }).returning();
    await db.insert(userRoles).values([
      { userId: admin!.id, role: 'administrator' },
      { userId: otherSiteAdmin!.id, role: 'site_admin' },
    ]);
    const staff = (await claimsForSignIn(db, secret, staffId))!;
    const applicant = (await claimsForSignIn(db, secret, applicantId))!;
    const refusal = (claims: typeof staff, targetUserId: number) =>
      startMasquerade({ db, secret, claims, targetUserId, ipAddress: null }).then(
        () => 'started',
        (error: unknown) => (error instanceof MasqueradeRefused ? error.reason : 'other error'),
      );
    expect(await refusal(applicant, staffId)).toBe('not_staff');
    expect(await refusal(staff, 999_999)).toBe('no_user');
    expect(await refusal(staff, staffId)).toBe('self');
    // A site admin becomes neither an administrator nor another site admin.
    expect(await refusal(staff, admin!.id)).toBe('rank');
    expect(await refusal(staff, otherSiteAdmin!.id)).toBe('rank');
    expect(await db.select().from(masqueradeAudit)).toEqual([]);

    const acting = await startMasquerade({
      db,
      secret,
      claims: staff,
      targetUserId: applicantId,
      ipAddress: '127.0.0.1',
    });
    expect(acting).toMatchObject({
      uid: applicantId,
      masquerade: { staffUserId: staffId, staffEmail: 'staff@example.test' },
    });
    expect(await verifyBackendToken(secret, acting.backendToken)).toMatchObject({
      userId: applicantId,
      sessionId: acting.sessionId,
      actorUserId: staffId,
    });
    // The masquerade runs in a new row of the staff member's; the session it replaced is over.
    const rows = await db.select().from(authSessions).where(eq(authSessions.userId, staffId));
    expect(rows.find((row) => row.id === acting.sessionId)?.revokedAt).toBeNull();
    expect(rows.find((row) => row.id === staff.sessionId)?.revokedAt).toBeInstanceOf(Date);
    expect(await refreshClaims(db, secret, staff)).toBeNull();
    expect(await refreshClaims(db, secret, acting)).not.toBeNull();

    const back = (await endMasquerade({ db, secret, claims: acting, ipAddress: '127.0.0.1' }))!;
    expect(back).toMatchObject({ uid: staffId, masquerade: null });
    expect(back.sessionId).not.toBe(acting.sessionId);
    expect((await verifyBackendToken(secret, back.backendToken))?.actorUserId).toBeNull();
    expect(await refreshClaims(db, secret, acting)).toBeNull();
    expect(await refreshClaims(db, secret, back)).not.toBeNull();
    // Ending a masquerade whose session was revoked meanwhile does not bring the session back.
    expect(await endMasquerade({ db, secret, claims: acting, ipAddress: null })).toBeNull();
    const audit = await db.select().from(masqueradeAudit);
    expect(audit.map((row) => [row.staffUserId, row.targetUserId, row.action, row.ipAddress])).toEqual([
      [staffId, applicantId, 'start', '127.0.0.1'],
      [staffId, applicantId, 'end', '127.0.0.1'],
      [staffId, applicantId, 'end', null],
    ]);

    // A running masquerade ends when the user comes to rank as high, or the staff member loses the role.
    const again = await startMasquerade({ db, secret, claims: back, targetUserId: applicantId, ipAddress: null });
    expect(await refreshClaims(db, secret, again)).not.toBeNull();
    await db.insert(userRoles).values({ userId: applicantId, role: 'site_admin' });
    expect(await refreshClaims(db, secret, again)).toBeNull();
    await db.delete(userRoles).where(eq(userRoles.userId, applicantId));
    await db.insert(userRoles).values({ userId: applicantId, role: 'applicant' });
    expect(await refreshClaims(db, secret, again)).not.toBeNull();
    await db.delete(userRoles).where(eq(userRoles.userId, staffId));
    expect(await refreshClaims(db, secret, again)).toBeNull();
  });
});
