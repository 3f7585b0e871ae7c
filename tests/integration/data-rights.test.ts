/**
 * GDPR data rights (issue 18 part 5, decision 0026): the export holds every kind of data a user created,
 * deleting the account leaves none of their personal data in any table (a query over every table and
 * column) and they cannot sign in; an owner must hand over first. Registration records the terms consent
 * (proven by the verification link) and the creation source (utm_source).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as account from '../../src/features/account/operations';
import { authorizeCredentials } from '../../src/server/auth/sign-in';
import { bookmarks, jobAlerts } from '../../src/server/db/schema/alerts';
import { analyticsEvents } from '../../src/server/db/schema/analytics';
import { applicationFiles, applications } from '../../src/server/db/schema/applications';
import { authAttempts } from '../../src/server/db/schema/auth';
import { contactMessages, creditLedgerEntries, orders } from '../../src/server/db/schema/commerce';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../src/server/db/schema/consent';
import { resumeAttachments, resumeContactRequests, resumePrivate, resumes } from '../../src/server/db/schema/resumes';
import { users } from '../../src/server/db/schema/users';
import { testDialects } from '../../src/server/db/testing';
import { readFile, storeFile } from '../../src/server/storage/file-storage';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createJob, createOrganization, createUser, unique } from '../support/factories';
import { firstLink, startMailServer, type TestMailServer } from '../support/mail';

const password = 'lantern-orchid-velvet-93';
const english = { frontend: 'jobregio;en-GB' };
const pdf = new TextEncoder().encode('%PDF-1.4\n% a test file\n');

let uploads: string;
let mail: TestMailServer;
const previous = { UPLOAD_DIR: process.env.UPLOAD_DIR, SMTP_URL: process.env.SMTP_URL };

beforeAll(async () => {
  uploads = await mkdtemp(join(tmpdir(), 'data-rights-'));
  process.env.UPLOAD_DIR = uploads;
  mail = await startMailServer();
  process.env.SMTP_URL = mail.url;
});

afterAll(async () => {
  await mail?.stop();
  for (const [key, value] of Object.entries(previous)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await rm(uploads, { recursive: true, force: true });
});

function refusalOf(body: GraphQLResponseBody<unknown>) {
  const [error] = body.errors ?? [];
  return error ? { code: error.extensions?.code, message: error.message, extensions: error.extensions } : null;
}

describe.each(testDialects)('data rights on %s', (dialect) => {
  let backend: TestBackend;
  let infoId = 0;

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    const [info] = await backend.handle.db
      .insert(consentInfos)
      .values({ type: 'terms', placement: 'registration', optIn: true })
      .returning();
    infoId = info!.id;
    await backend.handle.db.insert(consentInfoRevisions).values([
      { infoId, revision: 1, language: 'de', text: 'AGB 1' },
      { infoId, revision: 2, language: 'de', text: 'AGB 2' },
      { infoId, revision: 2, language: 'en', text: 'Terms 2' },
    ]);
  });
  afterAll(() => backend?.dispose());

  /** An applicant who used every part of the site: what the export must hold and the deletion must erase. */
  async function busyUser() {
    const { db } = backend.handle;
    const names = { firstName: unique('Quirinalda'), lastName: unique('Xylophoniak') };
    const user = await createUser(db, { ...names, password, roles: ['applicant'], creationSource: 'newsletter' });
    const email = user.email;
    const owner = await createUser(db, { roles: ['recruiter'] });
    const organization = await createOrganization(db, { owner, members: [owner, user] });
    const job = await createJob(db, { organization, title: 'Pflegefachkraft', state: 'published' });
    const stored = async () => (await storeFile({ data: pdf, extension: 'pdf' })).key;

    await db.insert(bookmarks).values({ userId: user.id, jobId: job.id, frontend: 'tagblatt' });
    await db.insert(jobAlerts).values({
      frontend: 'tagblatt',
      userId: user.id,
      email,
      locale: 'de',
      search: { search: 'Pflege' },
      label: 'Pflege Jobs',
      searchPath: '/jobs?search=Pflege',
      intervalSeconds: 86400,
      tokenKey: 'alert-token-key',
    });
    const [application] = await db
      .insert(applications)
      .values({
        jobId: job.id,
        frontend: 'tagblatt',
        userId: user.id,
        ...names,
        email,
        phone: '+49 170 5550123',
        locale: 'de',
        idempotencyKey: unique('apply'),
      })
      .returning();
    const applicationFileKey = await stored();
    await db.insert(applicationFiles).values({
      applicationId: application!.id,
      jobId: job.id,
      uploadToken: unique('upload').replace(/\W/g, '').padEnd(32, '0').slice(0, 32),
      uploadedBy: user.id,
      kind: 'cv',
      fileName: 'Lebenslauf Quirinalda.pdf',
      mimeType: 'application/pdf',
      sizeBytes: pdf.byteLength,
      storageKey: applicationFileKey,
    });
    const [resume] = await db
      .insert(resumes)
      .values({ userId: user.id, frontend: 'tagblatt', about: 'Erfahrene Pflegekraft', title: 'Pflegekraft' })
      .returning();
    await db.insert(resumePrivate).values({ resumeId: resume!.id, ...names, phone: '+49 170 5550999' });
    const attachmentKey = await stored();
    await db.insert(resumeAttachments).values({
      resumeId: resume!.id,
      fileName: 'Zeugnis.pdf',
      mimeType: 'application/pdf',
      sizeBytes: pdf.byteLength,
      storageKey: attachmentKey,
    });
    await db.insert(resumeContactRequests).values({
      resumeId: resume!.id,
      organizationId: organization.id,
      requestedBy: owner.id,
      frontend: 'tagblatt',
      message: 'Wir würden Sie gern kennenlernen.',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const messageKey = await stored();
    await db.insert(contactMessages).values({
      frontend: 'tagblatt',
      locale: 'de',
      userId: user.id,
      name: `${names.firstName} ${names.lastName}`,
      email,
      subject: 'Frage',
      message: 'Hallo',
      attachments: [{ key: messageKey, fileName: 'Frage.pdf', mimeType: 'application/pdf', size: pdf.byteLength }],
    });
    const [revision] = await db.select().from(consentInfoRevisions).where(eq(consentInfoRevisions.infoId, infoId));
    await db.insert(consentRecords).values({
      mail: email,
      infoId,
      infoRevisionId: revision!.id,
      userId: user.id,
      placement: 'modal',
      method: 'session',
      verifiedAt: new Date(),
    });
    await db.insert(analyticsEvents).values({ name: 'login', userId: user.id, frontend: 'tagblatt' });
    await db.insert(orders).values({
      number: unique('TB-2026'),
      organizationId: organization.id,
      frontend: 'tagblatt',
      billing: {
        companyName: organization.name,
        email: 'billing@company.test',
        firstName: 'Berta',
        lastName: 'Buchhaltung',
        addressLine1: 'Hauptstraße 1',
        addressLine2: null,
        postalCode: '72070',
        locality: 'Tübingen',
        countryCode: 'DE',
        vatNumber: null,
      },
      netCents: 10000,
      vatCents: 1900,
      grossCents: 11900,
      vatRatePercent: 19,
      currency: 'EUR',
      requestKey: unique('order'),
      termsAcceptedAt: new Date(),
      placedByUserId: user.id,
    });
    await db.insert(creditLedgerEntries).values({
      organizationId: organization.id,
      frontend: 'tagblatt',
      kind: 'job_credits',
      amount: 5,
      reason: 'purchase',
      idempotencyKey: unique('ledger'),
      actorUserId: user.id,
    });
    await db.insert(authAttempts).values({ key: `account-mail:${email}` });
    return {
      user,
      names,
      organization,
      job,
      application: application!,
      resume: resume!,
      keys: [applicationFileKey, attachmentKey, messageKey],
      token: await backend.tokenFor(user),
    };
  }

  /** Every row of every table of the application's schemas, as text, that names the user or points at their id. */
  async function traces(user: { id: number; email: string }, names: { firstName: string; lastName: string }) {
    const { db } = backend.handle;
    const { rows: columns } = await db.execute<{ schema: string; table: string; column: string; type: string }>(sql`
      select c.table_schema as schema, c.table_name as table, c.column_name as column, c.data_type as type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')`);
    expect(columns.length).toBeGreaterThan(100);
    const tables = [...new Set(columns.map((column) => `"${column.schema}"."${column.table}"`))];
    const found: string[] = [];
    const needles = [user.email, names.firstName, names.lastName].map((needle) => needle.toLowerCase());
    for (const table of tables) {
      const { rows } = await db.execute<{ row: string }>(sql.raw(`select (t.*)::text as row from ${table} t`));
      for (const { row } of rows) {
        if (needles.some((needle) => row.toLowerCase().includes(needle))) found.push(`${table}: ${row}`);
      }
    }
    // Columns that point at a user: any integer column whose name says so.
    const userColumns = columns.filter(
      (column) =>
        column.type === 'integer' &&
        /(^|_)(user_id|uploaded_by|requested_by|placed_by_user_id|confirmed_by_user_id|actor_user_id|owner_user_id)$/.test(
          column.column,
        ),
    );
    for (const column of userColumns) {
      const { rows } = await db.execute<{ n: number }>(
        sql.raw(
          `select count(*)::int as n from "${column.schema}"."${column.table}" where "${column.column}" = ${user.id}`,
        ),
      );
      if (Number(rows[0]?.n) > 0) found.push(`${column.table}.${column.column} = ${user.id}`);
    }
    const { rows: own } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where id = ${user.id}`,
    );
    if (Number(own[0]?.n) > 0) found.push(`users.id = ${user.id}`);
    return found;
  }

  it('exports every kind of data the user created, without secrets, with their files', async () => {
    const { user, names, organization, application, resume, token } = await busyUser();
    const { body } = await backend.request(account.myDataExport, {}, { token });
    expect(body.errors).toBeUndefined();
    const exported = body.data!.myDataExport;
    const documents = Object.fromEntries(
      exported.documents.map((document) => [document.name, JSON.parse(document.json) as unknown]),
    );
    expect(Object.keys(documents).sort()).toEqual([
      'analytics-events.json',
      'applications.json',
      'bookmarks.json',
      'consents.json',
      'contact-messages.json',
      'contact-requests.json',
      'job-alerts.json',
      'organizations.json',
      'profile.json',
      'resume-alerts.json',
      'resume.json',
    ]);
    expect(documents['profile.json']).toMatchObject({
      id: user.id,
      email: user.email,
      ...names,
      creationSource: 'newsletter',
      hasPassword: true,
      roles: [{ role: 'applicant', targetId: null }],
    });
    expect(documents['consents.json']).toMatchObject([{ mail: user.email, type: 'terms', method: 'session' }]);
    expect(documents['applications.json']).toMatchObject([
      {
        id: application.id,
        phone: '+49 170 5550123',
        jobTitle: 'Pflegefachkraft',
        files: [{ kind: 'cv', fileName: 'Lebenslauf Quirinalda.pdf' }],
      },
    ]);
    expect(documents['bookmarks.json']).toMatchObject([{ jobTitle: 'Pflegefachkraft' }]);
    expect(documents['job-alerts.json']).toMatchObject([{ label: 'Pflege Jobs', email: user.email }]);
    expect(documents['resume.json']).toMatchObject([
      {
        id: resume.id,
        about: 'Erfahrene Pflegekraft',
        privateFields: { phone: '+49 170 5550999', ...names },
        attachments: [{ fileName: 'Zeugnis.pdf' }],
      },
    ]);
    expect(documents['contact-requests.json']).toMatchObject({
      aboutMyResume: [{ organizationName: organization.name, status: 'pending' }],
    });
    expect(documents['contact-messages.json']).toMatchObject([
      { subject: 'Frage', attachments: [{ fileName: 'Frage.pdf' }] },
    ]);
    expect(documents['organizations.json']).toMatchObject({
      memberships: [{ organizationId: organization.id, isOwner: false }],
      owned: [],
      ordersPlaced: [{ grossCents: 11900 }],
    });
    expect(documents['analytics-events.json']).toMatchObject([{ name: 'login' }]);
    const text = exported.documents.map((document) => document.json).join('\n');
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('alert-token-key');
    expect(text).not.toContain('idempotencyKey');
    expect(exported.files.map((file) => file.path).sort()).toEqual(
      [
        expect.stringMatching(/^files\/applications\/\d+\/\d+-Lebenslauf Quirinalda\.pdf$/),
        expect.stringMatching(/^files\/contact-messages\/\d+\/1-Frage\.pdf$/),
        expect.stringMatching(/^files\/resume\/\d+-Zeugnis\.pdf$/),
      ].sort(),
    );
    for (const file of exported.files) expect(await readFile({ key: file.storageKey })).toEqual(pdf);
  });

  it('exports for the signed-in user only, a few times an hour', async () => {
    const anonymous = await backend.request(account.myDataExport, {});
    expect(refusalOf(anonymous.body)?.code).toBe('UNAUTHENTICATED');
    const user = await createUser(backend.handle.db, { roles: ['applicant'] });
    const token = await backend.tokenFor(user);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await backend.request(account.myDataExport, {}, { token })).body.errors).toBeUndefined();
    }
    const refused = await backend.request(account.myDataExport, {}, { token, headers: english });
    expect(refusalOf(refused.body)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You have downloaded your data several times this hour. Please try again later.',
    });
  });

  it('deletes the account in one go: no personal data left in any table, files gone, no sign-in', async () => {
    const { db } = backend.handle;
    const { user, names, keys, token } = await busyUser();
    const deletion = await backend.request(account.myAccountDeletion, {}, { token });
    expect(deletion.body.data?.myAccountDeletion).toEqual({ hasPassword: true, ownedOrganizations: [] });

    const wrong = await backend.request(
      account.deleteMyAccount,
      { input: { password: 'not-the-password-1' } },
      { token, headers: english },
    );
    expect(refusalOf(wrong.body)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'The password is not correct.',
      extensions: { fieldErrors: { password: 'dataRights.error.wrongPassword' } },
    });
    expect((await traces(user, names)).length).toBeGreaterThan(10);

    const done = await backend.request(account.deleteMyAccount, { input: { password } }, { token });
    expect(done.body).toEqual({ data: { deleteMyAccount: true } });
    expect(await traces(user, names)).toEqual([]);
    for (const key of keys) expect(await readFile({ key })).toBeNull();

    // The proof of consent, the order and the ledger entry are kept without the person.
    const proofs = await db.select().from(consentRecords).where(eq(consentRecords.infoId, infoId));
    expect(proofs.filter((proof) => proof.mail.startsWith('erased:'))).toHaveLength(1);
    const proof = proofs.find((candidate) => candidate.mail.startsWith('erased:'));
    expect(proof).toMatchObject({ userId: null, method: 'session' });
    expect(proof?.verifiedAt).toBeInstanceOf(Date);
    expect(
      (await db.select().from(orders)).some((order) => order.grossCents === 11900 && order.placedByUserId === null),
    ).toBe(true);

    // The session is over, and the address and password sign nobody in.
    const after = await backend.request(account.getUser, {}, { token });
    expect(after.status).toBe(401);
    const signIn = await authorizeCredentials({
      db,
      credentials: { email: user.email, password },
      clientAddress: '198.51.100.7',
      device: null,
      limits: { perAccount: 5, perAddress: 50 },
    });
    expect(signIn).toBeNull();
  });

  it('refuses while the user owns an organization, naming it, and erases nothing', async () => {
    const { db } = backend.handle;
    const owner = await createUser(db, { password, roles: ['recruiter'] });
    const organization = await createOrganization(db, {
      name: unique('Übergabe GmbH'),
      owner,
      members: [{ user: owner, isOwner: true }],
    });
    const token = await backend.tokenFor(owner);
    const info = await backend.request(account.myAccountDeletion, {}, { token });
    expect(info.body.data?.myAccountDeletion.ownedOrganizations).toEqual([organization.name]);
    const refused = await backend.request(
      account.deleteMyAccount,
      { input: { password } },
      { token, headers: english },
    );
    expect(refusalOf(refused.body)).toMatchObject({
      code: 'CONFLICT',
      message: `You own ${organization.name}. Please hand the organisation over to another member first, then delete your account.`,
    });
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, owner.id))).toHaveLength(1);
    expect((await backend.request(account.getUser, {}, { token })).body.data?.getUser?.id).toBe(owner.id);
  });

  it('deletes an account without a password after the typed confirmation', async () => {
    const { db } = backend.handle;
    const user = await createUser(db, { roles: ['applicant'] });
    const token = await backend.tokenFor(user);
    const missing = await backend.request(account.deleteMyAccount, { input: { confirmation: 'yes' } }, { token });
    expect(refusalOf(missing.body)?.extensions).toMatchObject({
      fieldErrors: { confirmation: 'dataRights.error.confirmationRequired' },
    });
    const done = await backend.request(account.deleteMyAccount, { input: { confirmation: 'delete' } }, { token });
    expect(done.body.data?.deleteMyAccount).toBe(true);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it('refuses the deletion without a signed-in user', async () => {
    const anonymous = await backend.request(account.deleteMyAccount, { input: { password } });
    expect(refusalOf(anonymous.body)?.code).toBe('UNAUTHENTICATED');
  });

  it('records the terms consent and the creation source at registration; the verification link proves it', async () => {
    const { db } = backend.handle;
    const email = `${unique('register')}@example.test`.toLowerCase();
    const { body } = await backend.request(
      account.registerApplicant,
      { input: { email, password, passwordConfirm: password, creationSource: 'newsletter_autumn' } },
      { headers: english },
    );
    expect(body.errors).toBeUndefined();
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user?.creationSource).toBe('newsletter_autumn');
    const [record] = await db
      .select({ record: consentRecords, revision: consentInfoRevisions })
      .from(consentRecords)
      .innerJoin(consentInfoRevisions, eq(consentInfoRevisions.id, consentRecords.infoRevisionId))
      .where(eq(consentRecords.userId, user!.id));
    expect(record?.record).toMatchObject({ mail: email, infoId, placement: 'registration', verifiedAt: null });
    expect(record?.revision).toMatchObject({ revision: 2, language: 'en' });

    const link = new URL(firstLink(await mail.waitFor(email)));
    const verified = await backend.request(account.verifyEmail, { token: link.searchParams.get('token') ?? '' });
    expect(verified.body.data?.verifyEmail).toBe(true);
    const [proven] = await db.select().from(consentRecords).where(eq(consentRecords.userId, user!.id));
    expect(proven?.verifiedAt).toBeInstanceOf(Date);
  });

  it('drops an unusable creation source instead of refusing the registration', async () => {
    const { db } = backend.handle;
    const email = `${unique('odd-source')}@example.test`.toLowerCase();
    const { body } = await backend.request(account.registerApplicant, {
      input: { email, password, passwordConfirm: password, creationSource: '<script>alert(1)</script>' },
    });
    expect(body.errors).toBeUndefined();
    const [user] = await db.select({ creationSource: users.creationSource }).from(users).where(eq(users.email, email));
    expect(user).toEqual({ creationSource: null });
  });
});
