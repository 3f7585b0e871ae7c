import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentInfoRevisions, consentInfos, consentRecords } from '../../src/server/db/schema/consent';
import { testDialects } from '../../src/server/db/testing';
import { createTestBackend, type TestBackend } from '../support/backend';
import { createUser, uniqueEmail } from '../support/factories';
import { startMailServer, type TestMailServer } from '../support/mail';

let mail: TestMailServer;
const previousSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  mail = await startMailServer();
  process.env.SMTP_URL = mail.url;
});

afterAll(async () => {
  await mail?.stop();
  if (previousSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previousSmtp;
});

interface ConsentInfo {
  id: number;
  type: string;
  optIn: boolean;
  text: string;
  placement: string | null;
  revisionId: number;
}

const infosQuery = `query getGdprConsentInfos($id: Int, $type: String, $limit: Int, $offset: Int, $sorting: String, $placement: String, $language: String, $path: String) {
  getGdprConsentInfos(id: $id, type: $type, limit: $limit, offset: $offset, sorting: $sorting, placement: $placement, language: $language, path: $path) {
    id type optIn text placement revisionId
  }
}`;

const createMutation = `mutation createGdprUserConsent($mail: String!, $infoId: Int!) {
  createGdprUserConsent(mail: $mail, infoId: $infoId) { errors consent { id mail infoId infoRevisionId } }
}`;

const latestQuery = `query hasTheLatestConsent($type: String!, $placement: String!) {
  hasTheLatestConsent(type: $type, placement: $placement) { hasConsented hasConsentedBefore infoId revisionId }
}`;

describe.each(testDialects)('GDPR consent on %s', (dialect) => {
  let backend: TestBackend;
  const ids = {
    terms: 0,
    privacy: 0,
    newsletter: 0,
    unwritten: 0,
    termsV1De: 0,
    termsV2De: 0,
    termsV2En: 0,
    termsV2Fr: 0,
    privacyDe: 0,
    alice: 0,
    bruno: 0,
  };

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    const { db } = backend.handle;
    ids.alice = (await createUser(db, { email: 'alice@example.com', verified: false })).id;
    ids.bruno = (await createUser(db, { email: 'bruno@example.com', verified: false })).id;
    const [terms, privacy, newsletter, unwritten] = await db
      .insert(consentInfos)
      .values([
        { type: 'terms', placement: 'modal', optIn: true, createdAt: new Date('2026-01-01T00:00:00Z') },
        { type: 'privacy', placement: 'footer', optIn: false, createdAt: new Date('2026-02-01T00:00:00Z') },
        { type: 'newsletter', placement: 'signup', optIn: true, createdAt: new Date('2026-03-01T00:00:00Z') },
        { type: 'marketing', placement: 'modal', optIn: true, createdAt: new Date('2026-04-01T00:00:00Z') },
      ])
      .returning();
    ids.terms = terms!.id;
    ids.privacy = privacy!.id;
    ids.newsletter = newsletter!.id;
    ids.unwritten = unwritten!.id;
    const revisions = await db
      .insert(consentInfoRevisions)
      .values([
        { infoId: ids.terms, revision: 1, language: 'de', text: 'AGB Fassung 1' },
        { infoId: ids.terms, revision: 1, language: 'en', text: 'Terms version 1' },
        { infoId: ids.terms, revision: 2, language: 'de', text: 'AGB Fassung 2', path: '/terms' },
        { infoId: ids.terms, revision: 2, language: 'en', text: 'Terms version 2', path: '/terms' },
        { infoId: ids.terms, revision: 2, language: 'fr', text: 'Conditions version 2', path: '/terms' },
        { infoId: ids.privacy, revision: 1, language: 'de', text: 'Datenschutzhinweise', path: '/privacy-policy' },
        { infoId: ids.newsletter, revision: 1, language: 'de', text: 'Newsletter abonnieren' },
        { infoId: ids.newsletter, revision: 1, language: 'en', text: 'Subscribe to the newsletter' },
      ])
      .returning();
    const find = (infoId: number, revision: number, language: string) =>
      revisions.find((row) => row.infoId === infoId && row.revision === revision && row.language === language)!.id;
    ids.termsV1De = find(ids.terms, 1, 'de');
    ids.termsV2De = find(ids.terms, 2, 'de');
    ids.termsV2En = find(ids.terms, 2, 'en');
    ids.termsV2Fr = find(ids.terms, 2, 'fr');
    ids.privacyDe = find(ids.privacy, 1, 'de');
  });
  afterAll(() => backend?.dispose());

  const infos = async (variables: Record<string, unknown>, headers?: Record<string, string>) =>
    (await backend.post<{ getGdprConsentInfos: ConsentInfo[] }>({ query: infosQuery, variables }, { headers })).body;

  const recordCount = async () => {
    const [row] = await backend.handle.db.select({ n: count() }).from(consentRecords);
    return row!.n;
  };

  describe('getGdprConsentInfos', () => {
    it('returns the latest revision of a text in the requested language', async () => {
      const { data, errors } = await infos({ type: 'terms', language: 'en' });
      expect(errors).toBeUndefined();
      expect(data?.getGdprConsentInfos).toEqual([
        {
          id: ids.terms,
          type: 'terms',
          optIn: true,
          text: 'Terms version 2',
          placement: 'modal',
          revisionId: ids.termsV2En,
        },
      ]);
      const french = await infos({ id: ids.terms, language: 'fr' });
      expect(french.data?.getGdprConsentInfos[0]).toMatchObject({
        text: 'Conditions version 2',
        revisionId: ids.termsV2Fr,
      });
    });

    it('falls back to German when the text is not translated', async () => {
      const { data } = await infos({ type: 'privacy', language: 'fr' });
      expect(data?.getGdprConsentInfos).toEqual([
        expect.objectContaining({ id: ids.privacy, text: 'Datenschutzhinweise', revisionId: ids.privacyDe }),
      ]);
    });

    it("uses the frontend's language when the query names none", async () => {
      const german = await infos({ id: ids.terms });
      expect(german.data?.getGdprConsentInfos[0]?.text).toBe('AGB Fassung 2');
      const english = await infos({ id: ids.terms }, { frontend: 'jobregio;en-GB' });
      expect(english.data?.getGdprConsentInfos[0]?.text).toBe('Terms version 2');
      const french = await infos({ id: ids.newsletter }, { frontend: 'jobregio;fr' });
      expect(french.data?.getGdprConsentInfos[0]?.text).toBe('Newsletter abonnieren');
    });

    it('lists only texts with wording, sorted by creation and paged', async () => {
      const ascending = await infos({});
      expect(ascending.data?.getGdprConsentInfos.map((info) => info.id)).toEqual([
        ids.terms,
        ids.privacy,
        ids.newsletter,
      ]);
      const descending = await infos({ sorting: 'created_desc' });
      expect(descending.data?.getGdprConsentInfos.map((info) => info.id)).toEqual([
        ids.newsletter,
        ids.privacy,
        ids.terms,
      ]);
      const page = await infos({ sorting: 'created_desc', limit: 1, offset: 1 });
      expect(page.data?.getGdprConsentInfos.map((info) => info.id)).toEqual([ids.privacy]);
      const beyond = await infos({ offset: 10 });
      expect(beyond.data?.getGdprConsentInfos).toEqual([]);
    });

    it('narrows by placement and by the path of the latest revision', async () => {
      const modal = await infos({ placement: 'modal' });
      expect(modal.data?.getGdprConsentInfos.map((info) => info.id)).toEqual([ids.terms]);
      const privacyPage = await infos({ path: '/privacy-policy' });
      expect(privacyPage.data?.getGdprConsentInfos.map((info) => info.id)).toEqual([ids.privacy]);
      const termsPage = await infos({ path: '/terms', language: 'en' });
      expect(termsPage.data?.getGdprConsentInfos.map((info) => info.text)).toEqual(['Terms version 2']);
      const nothing = await infos({ type: 'terms', placement: 'footer' });
      expect(nothing.data?.getGdprConsentInfos).toEqual([]);
    });

    it('refuses an unknown sorting, language or a limit outside 1..100 with BAD_USER_INPUT', async () => {
      for (const [variables, message] of [
        [{ sorting: 'newest' }, 'sorting must be created_asc or created_desc'],
        [{ language: 'es' }, 'language must be one of de, en, fr'],
        [{ limit: 0 }, 'limit must be between 1 and 100'],
        [{ limit: 500 }, 'limit must be between 1 and 100'],
        [{ offset: -1 }, 'offset must not be negative'],
      ] as const) {
        const { data, errors } = await infos(variables);
        expect(data).toBeNull();
        expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
        expect(errors?.[0]?.message).toContain(message);
      }
    });

    it('refuses variables of the wrong type', async () => {
      const { errors } = await infos({ limit: 'ten' });
      expect(errors?.[0]?.message).toContain('Int cannot represent non-integer value');
    });
  });

  describe('createGdprUserConsent', () => {
    const create = async (variables: Record<string, unknown>, token?: string) =>
      (
        await backend.post<{
          createGdprUserConsent: {
            errors: string[];
            consent: { id: number; mail: string; infoId: number; infoRevisionId: number } | null;
          } | null;
        }>({ query: createMutation, variables }, { token })
      ).body;

    it('records an anonymous consent to the latest revision, unproven, and mails its double opt-in links', async () => {
      const after = mail.mails.length;
      const { data, errors } = await create({ mail: ' Carla@Example.com ', infoId: ids.terms });
      expect(errors).toBeUndefined();
      const consent = data?.createGdprUserConsent?.consent;
      expect(data?.createGdprUserConsent?.errors).toEqual([]);
      expect(consent).toEqual({
        id: consent?.id,
        mail: 'carla@example.com',
        infoId: ids.terms,
        infoRevisionId: ids.termsV2De,
      });
      expect(consent?.id).toBeGreaterThan(0);
      const rows = await backend.handle.db.select().from(consentRecords).where(eq(consentRecords.id, consent!.id));
      expect(rows).toEqual([
        expect.objectContaining({
          mail: 'carla@example.com',
          infoRevisionId: ids.termsV2De,
          userId: null,
          placement: 'modal',
          method: 'email',
          verifiedAt: null,
          withdrawnAt: null,
        }),
      ]);
      const received = await mail.waitFor('carla@example.com', { after });
      expect(received.subject).toContain('Einwilligung');
      expect(received.text).toMatch(/\/user\/consent\/confirm\?token=\d+\.c\./);
      expect(received.text).toMatch(/\/user\/consent\/withdraw\?token=\d+\.w\./);
    });

    it('links the consent to the signed-in user and records the revision in their language', async () => {
      const token = await backend.tokenFor({ id: ids.bruno, roles: ['applicant'] });
      const { body } = await backend.post<{
        createGdprUserConsent: { consent: { id: number; infoRevisionId: number } };
      }>(
        { query: createMutation, variables: { mail: 'bruno@example.com', infoId: ids.terms } },
        { token, headers: { frontend: 'jobregio;en-GB' } },
      );
      expect(body.errors).toBeUndefined();
      const consent = body.data!.createGdprUserConsent.consent;
      expect(consent.infoRevisionId).toBe(ids.termsV2En);
      const [row] = await backend.handle.db.select().from(consentRecords).where(eq(consentRecords.id, consent.id));
      expect(row?.userId).toBe(ids.bruno);
    });

    it('returns the existing record when the same address consents to the same revision again', async () => {
      const first = await create({ mail: 'dora@example.com', infoId: ids.newsletter });
      const before = await recordCount();
      const second = await create({ mail: 'DORA@example.com', infoId: ids.newsletter });
      expect(second.data?.createGdprUserConsent?.consent?.id).toBe(first.data?.createGdprUserConsent?.consent?.id);
      expect(await recordCount()).toBe(before);
    });

    it('refuses an invalid e-mail address or an unknown text with BAD_USER_INPUT and writes nothing', async () => {
      const before = await recordCount();
      const badMail = await create({ mail: 'not-an-address', infoId: ids.terms });
      expect(badMail.data).toBeNull();
      expect(badMail.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(badMail.errors?.[0]?.extensions?.fieldErrors).toEqual({
        mail: 'mail must be an e-mail address such as name@example.com',
      });
      expect(badMail.errors?.[0]?.message).toContain('mail must be an e-mail address');
      const unknownInfo = await create({ mail: 'erik@example.com', infoId: 999_999 });
      expect(unknownInfo.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fieldErrors: { infoId: 'no consent text with id 999999 exists' },
      });
      const negative = await create({ mail: 'erik@example.com', infoId: -1 });
      expect(negative.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(negative.errors?.[0]?.message).toContain('infoId');
      expect(await recordCount()).toBe(before);
    });

    it('refuses missing or mistyped variables and writes nothing', async () => {
      const before = await recordCount();
      const missing = await create({ infoId: ids.terms });
      expect(missing.errors?.[0]?.message).toContain('Variable "$mail" of required type "String!" was not provided');
      const wrongType = await create({ mail: 'erik@example.com', infoId: 'terms' });
      expect(wrongType.errors?.[0]?.message).toContain('Int cannot represent non-integer value');
      expect(await recordCount()).toBe(before);
    });

    it('reports a text without wording in the error list and writes nothing', async () => {
      const before = await recordCount();
      const { data, errors } = await create({ mail: 'erik@example.com', infoId: ids.unwritten });
      expect(errors).toBeUndefined();
      expect(data?.createGdprUserConsent).toEqual({ errors: [expect.stringContaining('no wording')], consent: null });
      expect(await recordCount()).toBe(before);
    });
  });

  describe('hasTheLatestConsent', () => {
    const latest = async (variables: Record<string, unknown>, token?: string) =>
      (
        await backend.post<{
          hasTheLatestConsent: { hasConsented: boolean; infoId: number | null; revisionId: number | null };
        }>({ query: latestQuery, variables }, { token })
      ).body;

    it('is false for anonymous visitors, with the text to agree to', async () => {
      const { data, errors } = await latest({ type: 'terms', placement: 'modal' });
      expect(errors).toBeUndefined();
      expect(data?.hasTheLatestConsent).toEqual({
        hasConsented: false,
        hasConsentedBefore: false,
        infoId: ids.terms,
        revisionId: ids.termsV2De,
      });
    });

    it('is false after consent to an older revision only, true once the latest is agreed to', async () => {
      await backend.handle.db.insert(consentRecords).values({
        mail: 'alice@example.com',
        infoId: ids.terms,
        infoRevisionId: ids.termsV1De,
        userId: ids.alice,
        verifiedAt: new Date(),
      });
      const token = await backend.tokenFor({ id: ids.alice, roles: ['applicant'] });
      expect((await latest({ type: 'terms', placement: 'modal' }, token)).data?.hasTheLatestConsent).toMatchObject({
        hasConsented: false,
        hasConsentedBefore: true,
      });
      const created = await backend.post(
        { query: createMutation, variables: { mail: 'alice@example.com', infoId: ids.terms } },
        { token },
      );
      expect(created.body.errors).toBeUndefined();
      expect((await latest({ type: 'terms', placement: 'modal' }, token)).data?.hasTheLatestConsent).toEqual({
        hasConsented: true,
        hasConsentedBefore: true,
        infoId: ids.terms,
        revisionId: ids.termsV2De,
      });
    });

    it("does not count consent given for the user's address by someone else until its link proves it", async () => {
      await backend.handle.db
        .insert(consentRecords)
        .values({ mail: 'bruno@example.com', infoId: ids.privacy, infoRevisionId: ids.privacyDe, userId: null });
      const token = await backend.tokenFor({ id: ids.bruno, roles: ['recruiter'] });
      expect((await latest({ type: 'privacy', placement: 'footer' }, token)).data?.hasTheLatestConsent).toEqual({
        hasConsented: false,
        hasConsentedBefore: false,
        infoId: ids.privacy,
        revisionId: ids.privacyDe,
      });
      await backend.handle.db
        .update(consentRecords)
        .set({ verifiedAt: new Date() })
        .where(eq(consentRecords.mail, 'bruno@example.com'));
      const { data } = await latest({ type: 'privacy', placement: 'footer' }, token);
      expect(data?.hasTheLatestConsent.hasConsented).toBe(true);
      const aliceToken = await backend.tokenFor({ id: ids.alice, roles: ['applicant'] });
      expect((await latest({ type: 'privacy', placement: 'footer' }, aliceToken)).data?.hasTheLatestConsent).toEqual({
        hasConsented: false,
        hasConsentedBefore: false,
        infoId: ids.privacy,
        revisionId: ids.privacyDe,
      });
    });

    it('answers false with no ids for an unknown type or placement, and no revision for an unwritten text', async () => {
      const token = await backend.tokenFor({ id: ids.alice, roles: ['applicant'] });
      expect((await latest({ type: 'terms', placement: 'nowhere' }, token)).data?.hasTheLatestConsent).toEqual({
        hasConsented: false,
        hasConsentedBefore: false,
        infoId: null,
        revisionId: null,
      });
      expect((await latest({ type: 'marketing', placement: 'modal' }, token)).data?.hasTheLatestConsent).toEqual({
        hasConsented: false,
        hasConsentedBefore: false,
        infoId: ids.unwritten,
        revisionId: null,
      });
    });

    it('refuses missing or empty arguments', async () => {
      const missing = await latest({ type: 'terms' });
      expect(missing.errors?.[0]?.message).toContain(
        'Variable "$placement" of required type "String!" was not provided',
      );
      const empty = await latest({ type: 'terms', placement: '  ' });
      expect(empty.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
      expect(empty.errors?.[0]?.message).toContain('placement must not be empty');
    });
  });

  describe('proof (issue 18)', () => {
    const proofFields =
      'id mail infoId type revision placement method createdAt verifiedAt withdrawnAt withdrawalMethod';
    interface Proof {
      id: number;
      mail: string;
      infoId: number;
      type: string;
      revision: number;
      placement: string | null;
      method: string;
      verifiedAt: string | null;
      withdrawnAt: string | null;
      withdrawalMethod: string | null;
    }
    const gql = <T>(query: string, variables: Record<string, unknown>, token?: string) =>
      backend.post<T>({ query, variables }, { token }).then((response) => response.body);
    const give = (mailAddress: string, token?: string) =>
      gql<{ createGdprUserConsent: { errors: string[]; consent: Proof | null } }>(
        `mutation ($mail: String!, $infoId: Int!) { createGdprUserConsent(mail: $mail, infoId: $infoId) { errors consent { ${proofFields} } } }`,
        { mail: mailAddress, infoId: ids.newsletter },
        token,
      );
    const status = async (token: string) =>
      (
        await gql<{ hasTheLatestConsent: { hasConsented: boolean } }>(
          'query { hasTheLatestConsent(type: "newsletter", placement: "signup") { hasConsented } }',
          {},
          token,
        )
      ).data?.hasTheLatestConsent.hasConsented;
    const linkToken = (text: string, purpose: 'confirm' | 'withdraw') =>
      new URL(new RegExp(`https?://\\S+/user/consent/${purpose}\\?token=\\S+`).exec(text)![0]).searchParams.get(
        'token',
      )!;

    it('consent for a foreign address does not count for its owner, not even when a signed-in user gave it', async () => {
      const { db } = backend.handle;
      const owner = await createUser(db, { email: uniqueEmail('owner'), roles: ['applicant'] });
      const eve = await createUser(db, { email: uniqueEmail('eve'), roles: ['applicant'] });
      const ownerToken = await backend.tokenFor({ id: owner.id, roles: ['applicant'] });
      const eveToken = await backend.tokenFor({ id: eve.id, roles: ['applicant'] });

      const anonymous = await give(owner.email);
      expect(anonymous.data?.createGdprUserConsent.consent).toMatchObject({ method: 'email', verifiedAt: null });
      const byEve = await give(owner.email.toUpperCase(), eveToken);
      // The same unproven record: Eve's session proves nothing about someone else's address.
      expect(byEve.data?.createGdprUserConsent.consent?.id).toBe(anonymous.data?.createGdprUserConsent.consent?.id);
      const rows = await db.select().from(consentRecords).where(eq(consentRecords.mail, owner.email));
      expect(rows.map((row) => [row.userId, row.verifiedAt])).toEqual([[null, null]]);
      expect(await status(ownerToken)).toBe(false);
      expect(await status(eveToken)).toBe(false);
    });

    it('the double opt-in link proves it and links it to the account; a forged token proves nothing', async () => {
      const { db } = backend.handle;
      const owner = await createUser(db, { email: uniqueEmail('optin'), roles: ['applicant'] });
      const ownerToken = await backend.tokenFor({ id: owner.id, roles: ['applicant'] });
      const after = mail.mails.length;
      const given = await give(owner.email);
      const consentId = given.data!.createGdprUserConsent.consent!.id;
      const received = await mail.waitFor(owner.email, { after });
      const confirmToken = linkToken(received.text, 'confirm');
      const withdrawToken = linkToken(received.text, 'withdraw');
      const confirm = (token: string) =>
        gql<{ confirmGdprUserConsent: Proof }>(
          `mutation ($token: String!) { confirmGdprUserConsent(token: $token) { ${proofFields} } }`,
          { token },
        );
      for (const bad of [`${consentId}.c.${'A'.repeat(43)}`, withdrawToken, `${confirmToken}x`, 'garbage']) {
        expect((await confirm(bad)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      }
      expect(await status(ownerToken)).toBe(false);
      const confirmed = await confirm(confirmToken);
      expect(confirmed.errors).toBeUndefined();
      expect(confirmed.data?.confirmGdprUserConsent).toMatchObject({
        id: consentId,
        type: 'newsletter',
        revision: 1,
        placement: 'signup',
        method: 'email',
        withdrawnAt: null,
      });
      expect(confirmed.data?.confirmGdprUserConsent.verifiedAt).not.toBeNull();
      const [row] = await db.select().from(consentRecords).where(eq(consentRecords.id, consentId));
      expect(row?.userId).toBe(owner.id);
      expect(await status(ownerToken)).toBe(true);

      // Withdrawn with the mail's other link, without signing in: recorded, not deleted.
      const withdrawn = await gql<{ withdrawGdprUserConsentByToken: Proof }>(
        `mutation ($token: String!) { withdrawGdprUserConsentByToken(token: $token) { ${proofFields} } }`,
        { token: withdrawToken },
      );
      expect(withdrawn.data?.withdrawGdprUserConsentByToken).toMatchObject({
        id: consentId,
        withdrawalMethod: 'email',
      });
      expect(withdrawn.data?.withdrawGdprUserConsentByToken.withdrawnAt).not.toBeNull();
      expect(await status(ownerToken)).toBe(false);
    });

    it('a signed-in user withdraws as easily as they gave: one call, recorded with time and how', async () => {
      const { db } = backend.handle;
      const user = await createUser(db, { email: uniqueEmail('withdraw'), roles: ['applicant'] });
      const token = await backend.tokenFor({ id: user.id, roles: ['applicant'] });
      const before = mail.mails.length;
      const given = await give(user.email, token);
      expect(given.data?.createGdprUserConsent.consent).toMatchObject({ method: 'session', placement: 'signup' });
      expect(given.data?.createGdprUserConsent.consent?.verifiedAt).not.toBeNull();
      // Given in the owner's own session: no mail to confirm it.
      expect(mail.mails.slice(before).filter((received) => received.to.includes(user.email))).toEqual([]);
      expect(await status(token)).toBe(true);

      const withdrawn = await gql<{ withdrawGdprUserConsent: { id: number }[] }>(
        'mutation ($infoId: Int!) { withdrawGdprUserConsent(infoId: $infoId) { id } }',
        { infoId: ids.newsletter },
        token,
      );
      expect(withdrawn.data?.withdrawGdprUserConsent).toEqual([{ id: given.data!.createGdprUserConsent.consent!.id }]);
      expect(await status(token)).toBe(false);
      const mine = await gql<{ myGdprConsents: Proof[] }>(`query { myGdprConsents { ${proofFields} } }`, {}, token);
      expect(mine.data?.myGdprConsents).toEqual([
        expect.objectContaining({ method: 'session', withdrawalMethod: 'session', type: 'newsletter', revision: 1 }),
      ]);
      expect(mine.data?.myGdprConsents[0]?.withdrawnAt).not.toBeNull();
      // Anonymous visitors have no consents to list or withdraw.
      const anonymous = await gql('query { myGdprConsents { id } }', {});
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });
});
