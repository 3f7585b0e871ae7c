import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../../../brands';
import { createTestDatabase, type TestDatabase } from '../../db/testing';
import { accountTokens } from '../../db/schema/auth';
import { organizations } from '../../db/schema/organizations';
import { organizationMembers, userRoles, users } from '../../db/schema/users';
import { registerRecruiter } from './register-recruiter';
import { verifyEmail } from './verify-email';
import { consumeAccountToken, createAccountToken } from './account-tokens';

const mailDir = mkdtempSync(join(tmpdir(), 'jobboard-mail-'));
process.env.MAIL_DIR = mailDir;

const input = (email: string) => ({
  email,
  password: 'kettle-umbrella-quasar-71',
  passwordConfirm: 'kettle-umbrella-quasar-71',
  salutation: 'mr',
  firstName: 'Max',
  lastName: 'Muster',
  companyName: 'Muster AG',
  addressLine1: 'Weg 1',
  postalCode: '72070',
  locality: 'Tübingen',
});
const link = { brand: brands.tagblatt, locale: 'de' as const };

describe('recruiter registration (service)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  }, 60_000);
  afterAll(() => database?.dispose());

  async function counts() {
    const { db } = database.handle;
    const tables = [users, organizations, organizationMembers, userRoles, accountTokens] as const;
    return Promise.all(tables.map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n));
  }

  it('creates the account and the owned organization, and mails a link', async () => {
    const result = await registerRecruiter({
      db: database.handle.db,
      input: input('max@muster.test'),
      link,
      clientAddress: null,
    });
    expect(result).toMatchObject({ ok: true, email: 'max@muster.test' });
    expect(await counts()).toEqual([1, 1, 1, 1, 1]);
    expect(readdirSync(mailDir).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
  });

  it('answers a known address like a new one, writes nothing and mails the owner instead', async () => {
    const { db } = database.handle;
    const before = await counts();
    const mails = () => readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
    const mailed = mails().length;
    const result = await registerRecruiter({ db, input: input('Max@Muster.test'), link, clientAddress: null });
    expect(result).toEqual({ ok: true, email: 'max@muster.test' });
    expect(await counts()).toEqual(before);
    const newest = mails()
      .filter((name) => !name.startsWith('.'))
      .sort();
    expect(newest).toHaveLength(mailed + 1);
    const raw = readFileSync(join(mailDir, newest.at(-1)!), 'utf8');
    expect(raw).toMatch(/^To: max@muster\.test$/m);
    expect(raw).toContain('Anmeldeversuch');
  });

  it('refuses a guessable password with zxcvbn’s feedback, before anything is written', async () => {
    const { db } = database.handle;
    const before = await counts();
    // The user's own e-mail address as the password.
    const weak = { ...input('weak@muster.test'), password: 'Weak@Muster.test', passwordConfirm: 'Weak@Muster.test' };
    const result = await registerRecruiter({ db, input: weak, link, clientAddress: null });
    expect(result).toMatchObject({ ok: false, fieldErrors: { password: 'account.error.passwordWeak' } });
    expect(result.ok ? null : result.passwordFeedback).toMatchObject({ suggestions: expect.any(Array) as unknown });
    expect(result.ok ? null : result.values).not.toHaveProperty('password');
    expect(await counts()).toEqual(before);
  });

  it('writes nothing when a step inside the transaction fails', async () => {
    const { db } = database.handle;
    const before = await counts();
    await db.execute(sql`create function refuse_member() returns trigger language plpgsql as $$
      begin raise exception 'membership refused'; end $$`);
    await db.execute(sql`create trigger refuse_member before insert on organization_members
      for each row execute function refuse_member()`);
    try {
      await expect(
        registerRecruiter({ db, input: input('half@muster.test'), link, clientAddress: null }),
      ).rejects.toThrow();
      expect(await counts()).toEqual(before);
    } finally {
      await db.execute(sql`drop trigger refuse_member on organization_members`);
    }
  });

  it('uses verification tokens once and only before they expire', async () => {
    const { db } = database.handle;
    const [user] = await db.select().from(users);
    const token = await createAccountToken(db, user!.id, 'verify_email');
    expect(await consumeAccountToken(db, 'reset_password', token)).toBeNull();
    expect(await verifyEmail({ db, token })).toBe(true);
    expect(await verifyEmail({ db, token })).toBe(false);
    const old = await createAccountToken(db, user!.id, 'verify_email', new Date(Date.now() - 49 * 60 * 60 * 1000));
    expect(await verifyEmail({ db, token: old })).toBe(false);
    const stored = await db.select({ hash: accountTokens.tokenHash }).from(accountTokens);
    expect(stored.map((row) => row.hash)).not.toContain(token);
  });
});
