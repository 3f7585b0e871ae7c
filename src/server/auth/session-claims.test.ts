import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/testing';
import { masqueradeAudit } from '../db/schema/auth';
import { userRoles, users } from '../db/schema/users';
import { verifyBackendToken } from './backend-token';
import {
  claimsForSignIn,
  endMasquerade,
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

  it('lets staff masquerade with an audit trail and refuses everyone else', async () => {
    const { db } = database.handle;
    const staff = (await claimsForSignIn(db, secret, staffId))!;
    const applicant = (await claimsForSignIn(db, secret, applicantId))!;
    await expect(
      startMasquerade({ db, secret, claims: applicant, targetUserId: staffId, ipAddress: null }),
    ).rejects.toBeInstanceOf(MasqueradeRefused);
    await expect(
      startMasquerade({ db, secret, claims: staff, targetUserId: 999_999, ipAddress: null }),
    ).rejects.toBeInstanceOf(MasqueradeRefused);

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
    expect((await verifyBackendToken(secret, acting.backendToken))?.userId).toBe(applicantId);
    // Losing the staff role ends a running masquerade at the next refresh.
    expect(await refreshClaims(db, secret, acting)).not.toBeNull();
    const back = (await endMasquerade({ db, secret, claims: acting, ipAddress: '127.0.0.1' }))!;
    expect(back).toMatchObject({ uid: staffId, masquerade: null });
    const audit = await db.select().from(masqueradeAudit);
    expect(audit.map((row) => [row.staffUserId, row.targetUserId, row.action, row.ipAddress])).toEqual([
      [staffId, applicantId, 'start', '127.0.0.1'],
      [staffId, applicantId, 'end', '127.0.0.1'],
    ]);
    await db.delete(userRoles).where(eq(userRoles.userId, staffId));
    expect(await refreshClaims(db, secret, acting)).toBeNull();
  });
});
