/**
 * The account and analytics operations of the site over the GraphQL server (decision 0013): refused forms
 * keep their codes and message keys, rate limits count the address the server context names (never a
 * header), sessions a password change or a masquerade opens come back as grants, and the signup-start flag
 * is believed only from the site's own request.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as account from '../../src/features/account/operations';
import * as analytics from '../../src/features/analytics/operations';
import { analyticsEvents } from '../../src/server/db/schema/analytics';
import { masqueradeAudit } from '../../src/server/db/schema/auth';
import { users, type RoleId } from '../../src/server/db/schema/users';
import { testDialects } from '../../src/server/db/testing';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createUser, type UserOptions } from '../support/factories';

const password = 'kettle-umbrella-quasar-71';
const english = { frontend: 'jobregio;en-GB' };

/** The first error's code and extensions, or null when the request succeeded. */
function refusalOf(body: GraphQLResponseBody<unknown>) {
  const [error] = body.errors ?? [];
  return error ? { code: error.extensions?.code, message: error.message, extensions: error.extensions } : null;
}

describe.each(testDialects)('account operations on %s', (dialect) => {
  let backend: TestBackend;

  /** A verified user, signed in. */
  async function signedInUser(roles: RoleId[], options: UserOptions = {}) {
    const user = await createUser(backend.handle.db, { roles, ...options });
    return { ...user, token: await backend.tokenFor(user) };
  }

  const sessionUser = async (token: string) => backend.request(account.getUser, {}, { token });

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
  });
  afterAll(async () => {
    await backend?.dispose();
  });

  it('refuses a form with a message key per field, and says so in the request’s language', async () => {
    const { body } = await backend.request(
      account.registerApplicant,
      { input: { email: 'not-an-address', password: 'short', passwordConfirm: 'short' } },
      { headers: english },
    );
    expect(refusalOf(body)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Please enter a valid e-mail address. The password must be at least 10 characters long.',
      extensions: {
        fieldErrors: { email: 'account.error.emailInvalid', password: 'account.error.passwordTooShort' },
      },
    });
    const weak = await backend.request(account.registerApplicant, {
      input: { email: 'weak@accounts.test', password: 'weak@accounts.test', passwordConfirm: 'weak@accounts.test' },
    });
    expect(refusalOf(weak.body)).toMatchObject({
      code: 'BAD_USER_INPUT',
      extensions: {
        fieldErrors: { password: 'account.error.passwordWeak' },
        passwordFeedback: { suggestions: expect.any(Array) as unknown },
      },
    });
    expect(await backend.handle.db.select().from(users).where(eq(users.email, 'weak@accounts.test'))).toEqual([]);

    const registered = await backend.request(account.registerApplicant, {
      input: { email: 'New@Accounts.test', password, passwordConfirm: password },
    });
    expect(registered.body).toEqual({ data: { registerApplicant: true } });
    const [row] = await backend.handle.db.select().from(users).where(eq(users.email, 'new@accounts.test'));
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it('counts account mails per client address from the server context, never from a header', async () => {
    const reset = (email: string, options: Parameters<TestBackend['request']>[2]) =>
      backend.request(account.requestPasswordReset, { input: { email } }, options);
    const from = (clientAddress: string) => ({ serverContext: { clientAddress } });
    // ACCOUNT_MAILS_PER_HOUR (5) per address, four times as many per client.
    for (let index = 0; index < 20; index += 1) {
      expect((await reset(`nobody-${index}@accounts.test`, from('203.0.113.7'))).body.errors).toBeUndefined();
    }
    const limited = await reset('nobody-20@accounts.test', from('203.0.113.7'));
    expect(refusalOf(limited.body)).toMatchObject({
      code: 'RATE_LIMITED',
      extensions: { messageKey: 'account.error.rateLimited', fieldErrors: { form: 'account.error.rateLimited' } },
    });
    expect((await reset('nobody-21@accounts.test', from('203.0.113.8'))).body.errors).toBeUndefined();
    // A client cannot name its address: headers are not read.
    const claimed = await reset('nobody-22@accounts.test', {
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.7', forwarded: 'for=203.0.113.7' },
    });
    expect(claimed.body.errors).toBeUndefined();
  });

  it('changes the password of the signed-in user and grants a new session in place of all others', async () => {
    const user = await signedInUser(['applicant'], { password, firstName: 'Wanda' });
    const change = (input: Record<string, string>) =>
      backend.request(account.changePassword, { input }, { token: user.token });
    const next = 'lantern-orchid-meridian-42';
    const wrong = await change({ currentPassword: 'not-the-password', password: next, passwordConfirm: next });
    expect(refusalOf(wrong.body)).toMatchObject({
      code: 'BAD_USER_INPUT',
      extensions: { fieldErrors: { currentPassword: 'account.error.currentPasswordWrong' } },
    });
    const { body } = await change({ currentPassword: password, password: next, passwordConfirm: next });
    const grant = body.data?.changePassword;
    expect(grant).toMatchObject({ userId: user.id, email: user.email, name: 'Wanda', masquerade: null });
    const [row] = await backend.handle.db
      .select({ tokensNotBefore: users.tokensNotBefore })
      .from(users)
      .where(eq(users.id, user.id));
    expect(grant!.openedAtMs).toBeGreaterThanOrEqual(row!.tokensNotBefore!.getTime());
    expect(refusalOf((await sessionUser(user.token)).body)?.code).toBe('UNAUTHENTICATED');
    expect((await sessionUser(grant!.backendToken)).body.data?.getUser?.id).toBe(user.id);
    const anonymous = await backend.request(account.signOutEverywhere, {});
    expect(refusalOf(anonymous.body)?.code).toBe('UNAUTHENTICATED');
  });

  it('lets staff masquerade as lower-ranked users only, audits it with the client address, and ends it', async () => {
    const staff = await signedInUser(['job_editor']);
    const target = await signedInUser(['applicant']);
    const siteAdmin = await signedInUser(['site_admin']);
    const start = (token: string, userId: number) =>
      backend.request(account.startMasquerade, { userId }, { token, serverContext: { clientAddress: '198.51.100.4' } });

    expect(refusalOf((await start(staff.token, siteAdmin.id)).body)).toMatchObject({
      code: 'FORBIDDEN',
      extensions: { reason: 'rank' },
    });
    expect(refusalOf((await start(target.token, staff.id)).body)?.extensions?.reason).toBe('not_staff');
    expect(refusalOf((await start(staff.token, staff.id)).body)?.extensions?.reason).toBe('self');

    const grant = (await start(staff.token, target.id)).body.data?.startMasquerade;
    expect(grant).toMatchObject({
      userId: target.id,
      email: target.email,
      masquerade: { staffUserId: staff.id, staffEmail: staff.email },
    });
    // The masquerade replaces the staff member's session; its token acts as the user.
    expect(refusalOf((await sessionUser(staff.token)).body)?.code).toBe('UNAUTHENTICATED');
    expect((await sessionUser(grant!.backendToken)).body.data?.getUser?.email).toBe(target.email);
    const acting = { token: grant!.backendToken };
    expect(refusalOf((await start(grant!.backendToken, target.id)).body)?.extensions?.reason).toBe(
      'already_masquerading',
    );
    const change = await backend.request(
      account.changePassword,
      { input: { currentPassword: password, password, passwordConfirm: password } },
      acting,
    );
    expect(refusalOf(change.body)).toMatchObject({
      code: 'FORBIDDEN',
      extensions: { messageKey: 'account.error.masquerade', fieldErrors: { form: 'account.error.masquerade' } },
    });
    expect(refusalOf((await backend.request(account.signOutEverywhere, {}, acting)).body)?.code).toBe('FORBIDDEN');

    const back = (
      await backend.request(account.endMasquerade, {}, { ...acting, serverContext: { clientAddress: '198.51.100.5' } })
    ).body.data?.endMasquerade;
    expect(back).toMatchObject({ userId: staff.id, email: staff.email, masquerade: null });
    expect((await sessionUser(back!.backendToken)).body.data?.getUser?.id).toBe(staff.id);
    expect(refusalOf((await sessionUser(grant!.backendToken)).body)?.code).toBe('UNAUTHENTICATED');
    // Ending a session that is no masquerade changes nothing.
    expect((await backend.request(account.endMasquerade, {}, { token: back!.backendToken })).body).toEqual({
      data: { endMasquerade: null },
    });
    const audit = await backend.handle.db
      .select()
      .from(masqueradeAudit)
      .where(eq(masqueradeAudit.staffUserId, staff.id));
    expect(audit.map((entry) => [entry.action, entry.targetUserId, entry.ipAddress])).toEqual([
      ['start', target.id, '198.51.100.4'],
      ['end', target.id, '198.51.100.5'],
    ]);
  });

  it('records the signup-start only for the site’s own request of a session that carries the flag', async () => {
    const user = await signedInUser(['applicant']);
    const rows = () =>
      backend.handle.db
        .select({ dimensions: analyticsEvents.dimensions })
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.name, 'sign_up_start'), eq(analyticsEvents.userId, user.id)));
    const record = (method: 'google' | 'linkedin', options: Parameters<TestBackend['request']>[2]) =>
      backend.request(analytics.recordSignupStart, { method }, options);

    expect(refusalOf((await record('google', { token: user.token })).body)?.code).toBe('FORBIDDEN');
    const site = { token: user.token, serverContext: { signupStart: { method: 'google' } } };
    expect(refusalOf((await record('linkedin', site)).body)?.code).toBe('BAD_USER_INPUT');
    expect(refusalOf((await record('google', { serverContext: site.serverContext })).body)?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(await rows()).toEqual([]);
    expect((await record('google', site)).body).toEqual({ data: { recordSignupStart: true } });
    expect((await record('google', site)).body).toEqual({ data: { recordSignupStart: true } });
    expect(await rows()).toEqual([{ dimensions: { method: 'google' } }]);
  });

  it('records dispatch events for the token’s user, or for nobody, and refuses what is no path', async () => {
    const user = await signedInUser(['applicant']);
    const recorded = await backend.request(
      analytics.recordDispatchEvent,
      { event: 'login', path: '/de/dashboard' },
      { token: user.token },
    );
    expect(recorded.body).toEqual({ data: { recordDispatchEvent: true } });
    const rows = await backend.handle.db
      .select({ dimensions: analyticsEvents.dimensions })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.name, 'login'), eq(analyticsEvents.userId, user.id)));
    expect(rows).toEqual([{ dimensions: { path: '/de/dashboard' } }]);
    const refused = await backend.request(analytics.recordDispatchEvent, {
      event: 'sign_up',
      path: 'https://evil.example/',
    });
    expect(refusalOf(refused.body)?.code).toBe('BAD_USER_INPUT');
  });
});
