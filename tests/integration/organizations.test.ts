import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConstants } from '../../brands/constants';
import {
  organizationAttachments,
  organizationBenefits,
  organizationContactPersons,
  organizationFaqs,
  organizationGalleryImages,
  organizationIndustries,
  organizationLocations,
  organizationOccupations,
  organizations,
  organizationVideos,
} from '../../src/server/db/schema/organizations';
import { taxonomyTerms } from '../../src/server/db/schema/taxonomy';
import { testDialects } from '../../src/server/db/testing';
import { createLoaders } from '../../src/server/graphql/loaders';
import { maxUploadBytes } from '../../src/server/http/body-limits';
import {
  addOrganizationAttachment,
  attachmentQuota,
} from '../../src/server/modules/organizations/add-organization-attachment';
import { readOrganizationAttachment } from '../../src/server/modules/organizations/read-organization-attachment';
import { readFile } from '../../src/server/storage/file-storage';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createJob, createOrganization, createUser, type TestUser } from '../support/factories';

const pdfBytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const exeBytes = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);

describe.each(testDialects)('organizations on %s', (dialect) => {
  let backend: TestBackend;
  let uploadDir: string;
  const previousUploadDir = process.env.UPLOAD_DIR;
  let owner: TestUser;
  let member: TestUser;
  let otherRecruiter: TestUser;
  let applicant: TestUser;
  let staff: TestUser;
  let unverified: TestUser;
  let acme: { id: number };
  let acmeLabs: { id: number };
  let draft: { id: number };
  let globex: { id: number };

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'jobboard-uploads-'));
    process.env.UPLOAD_DIR = uploadDir;
    backend = await createTestBackend(dialect);
    const { db } = backend.handle;

    owner = await createUser(db, { email: 'owner@acme.test', roles: ['recruiter'] });
    member = await createUser(db, { email: 'member@acme.test', roles: ['recruiter'] });
    otherRecruiter = await createUser(db, { email: 'owner@globex.test', roles: ['recruiter'] });
    applicant = await createUser(db, { email: 'applicant@example.test', roles: ['applicant'] });
    staff = await createUser(db, { email: 'admin@jobboard.test', roles: ['administrator'] });
    unverified = await createUser(db, { email: 'new@initech.test', roles: ['recruiter'], verified: false });

    // The owner owns Acme and the draft; they are a plain member of Acme Labs, which is their active one.
    acme = await createOrganization(db, {
      name: 'Acme GmbH',
      alternativeName: 'ACME',
      path: '/organization/acme',
      published: true,
      featured: true,
      owner,
      members: [member],
      logoUrl: 'https://cdn.example.test/acme.png',
      coverUrl: 'https://cdn.example.test/acme-cover.jpg',
      website: 'https://acme.test',
      presentation: '<p>Wir bauen Raketen.</p>',
      size: '50-249',
      linkedin: 'https://www.linkedin.com/company/acme',
      bluesky: 'https://bsky.app/profile/acme.test',
      salutation: 'Frau',
      firstName: 'Erika',
      lastName: 'Mustermann',
      phone: '+49 7071 123456',
      position: 'Personalleitung',
      countryCode: 'DE',
      addressLine1: 'Hauptstraße 1',
      locality: 'Tübingen',
      postalCode: '72070',
      administrativeArea: 'BW',
    });
    acmeLabs = await createOrganization(db, {
      name: 'Acme Labs',
      path: '/organization/acme-labs',
      published: true,
      members: [owner],
      activeFor: [owner],
    });
    draft = await createOrganization(db, {
      name: 'Acme Entwurf',
      path: '/organization/acme-entwurf',
      published: false,
      owner,
      members: [member],
    });
    globex = await createOrganization(db, {
      name: 'Globex AG',
      path: '/organization/globex',
      published: true,
      owner: otherRecruiter,
    });

    const terms = await db
      .insert(taxonomyTerms)
      .values([
        { vocabulary: 'industry', slug: 'aerospace', labelDe: 'Luft- und Raumfahrt', labelEn: 'Aerospace' },
        { vocabulary: 'benefit', slug: 'canteen', labelDe: 'Kantine', labelEn: 'Canteen', weight: 2 },
        { vocabulary: 'benefit', slug: 'bike', labelDe: 'Jobrad', labelEn: 'Bike leasing', weight: 1 },
        { vocabulary: 'occupational_field', slug: 'engineering', labelDe: 'Ingenieurwesen', labelEn: 'Engineering' },
      ])
      .returning();
    const [aerospace, canteen, bike, engineering] = terms;
    await db.insert(organizationIndustries).values({ organizationId: acme.id, termId: aerospace!.id });
    await db.insert(organizationBenefits).values([
      { organizationId: acme.id, termId: canteen!.id },
      { organizationId: acme.id, termId: bike!.id },
    ]);
    await db.insert(organizationOccupations).values({ organizationId: acme.id, termId: engineering!.id });
    await db.insert(organizationContactPersons).values({
      organizationId: acme.id,
      firstName: 'Max',
      lastName: 'Muster',
      email: 'max@acme.test',
      photoUrl: 'https://cdn.example.test/max.jpg',
      position: 'Recruiter',
    });
    await db.insert(organizationGalleryImages).values([
      { organizationId: acme.id, imageUrl: 'https://cdn.example.test/2.jpg', alt: 'Halle', weight: 2 },
      { organizationId: acme.id, imageUrl: 'https://cdn.example.test/1.jpg', alt: 'Büro', weight: 1 },
    ]);
    await db
      .insert(organizationVideos)
      .values({ organizationId: acme.id, source: 'https://youtu.be/acme', coverTitle: 'Ein Tag bei Acme' });
    await db.insert(organizationLocations).values({
      organizationId: acme.id,
      name: 'Werk Reutlingen',
      locality: 'Reutlingen',
      countryCode: 'DE',
      latitude: 48.49,
      longitude: 9.2,
    });
    await db.insert(organizationFaqs).values({ organizationId: acme.id, question: 'Remote?', answer: 'Ja.' });
    // Two open jobs, one expired, one archived, one in review.
    for (const job of [
      { state: 'published' },
      { state: 'published', expiresAt: new Date(Date.now() + 86_400_000) },
      { state: 'published', expiresAt: new Date(Date.now() - 86_400_000) },
      { state: 'archived' },
      { state: 'needs_review', publishedAt: null },
    ] as const) {
      await createJob(db, { organization: acme, ...job });
    }
  });
  afterAll(async () => {
    await backend?.dispose();
    if (previousUploadDir === undefined) delete process.env.UPLOAD_DIR;
    else process.env.UPLOAD_DIR = previousUploadDir;
    await rm(uploadDir, { recursive: true, force: true });
  });

  const as = async (user: TestUser | undefined) => (user ? await backend.tokenFor(user) : undefined);

  describe('updatableOrganizationProfiles', () => {
    const query = `query updatable { updatableOrganizationProfiles { id name organization { id ownerId } } }`;
    const updatable = async (user: TestUser | undefined) =>
      backend.post<{ updatableOrganizationProfiles: { id: number; name: string }[] }>(
        { query },
        { token: await as(user) },
      );

    it('lists owned and member organizations, the active one first', async () => {
      const { body } = await updatable(owner);
      expect(body.errors).toBeUndefined();
      expect(body.data?.updatableOrganizationProfiles.map((profile) => profile.id)).toEqual([
        acmeLabs.id,
        acme.id,
        draft.id,
      ]);
      expect(body.data?.updatableOrganizationProfiles[1]).toMatchObject({
        organization: { id: acme.id, ownerId: owner.id },
      });
      const forMember = await updatable(member);
      expect(forMember.body.data?.updatableOrganizationProfiles.map((profile) => profile.name)).toEqual([
        'Acme GmbH',
        'Acme Entwurf',
      ]);
    });

    it('is empty for applicants, other organizations’ recruiters see only their own, staff none', async () => {
      expect((await updatable(applicant)).body.data?.updatableOrganizationProfiles).toEqual([]);
      expect((await updatable(otherRecruiter)).body.data?.updatableOrganizationProfiles).toEqual([
        { id: globex.id, name: 'Globex AG', organization: { id: globex.id, ownerId: otherRecruiter.id } },
      ]);
      expect((await updatable(staff)).body.data?.updatableOrganizationProfiles).toEqual([]);
    });

    it('refuses anonymous visitors with UNAUTHENTICATED', async () => {
      const { body } = await updatable(undefined);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('organizationProfile', () => {
    const fullQuery = `query profile($id: Int, $path: String) { organizationProfile(id: $id, path: $path) {
      id name presentation alternativeName website coverUrl size featured published url urlNoPrefix openJobCount
      industry { tid label } benefits { label } occupations { label } fieldsOfStudy { label }
      organization { id name ownerId }
      logo { url alt title }
      address { countryCode addressLine1 addressLine2 administrativeArea locality postalCode }
      socialProfiles { linkedin blueSky facebook }
      personalInfo { salutation firstName lastName phone position }
      contactPersons { firstName lastName email photo position }
      gallery { url alt }
      videos { source cover coverTitle }
      locations { name address { locality countryCode } latitude longitude }
      faq { question answer }
      attachments { id fileName mimeType size url }
    } }`;
    const profile = async (variables: Record<string, unknown>, user?: TestUser, headers?: Record<string, string>) =>
      backend.post<{ organizationProfile: Record<string, unknown> | null }>(
        { query: fullQuery, variables },
        { token: await as(user), headers },
      );

    it('returns a published profile with every list and its logo in the medium squared style', async () => {
      const { body } = await profile({ id: acme.id });
      expect(body.errors).toBeUndefined();
      expect(body.data?.organizationProfile).toMatchObject({
        id: acme.id,
        name: 'Acme GmbH',
        presentation: '<p>Wir bauen Raketen.</p>',
        alternativeName: 'ACME',
        website: 'https://acme.test',
        size: '50-249',
        featured: true,
        published: true,
        url: '/organization/acme',
        urlNoPrefix: '/organization/acme',
        openJobCount: 2,
        industry: [{ label: 'Luft- und Raumfahrt' }],
        benefits: [{ label: 'Jobrad' }, { label: 'Kantine' }],
        occupations: [{ label: 'Ingenieurwesen' }],
        fieldsOfStudy: [],
        organization: { id: acme.id, name: 'Acme GmbH', ownerId: owner.id },
        logo: {
          url: 'https://cdn.example.test/acme.png?style=medium_squared',
          alt: 'Acme GmbH',
          title: 'Acme GmbH',
        },
        address: {
          countryCode: 'DE',
          addressLine1: 'Hauptstraße 1',
          addressLine2: null,
          administrativeArea: 'BW',
          locality: 'Tübingen',
          postalCode: '72070',
        },
        socialProfiles: {
          linkedin: 'https://www.linkedin.com/company/acme',
          blueSky: 'https://bsky.app/profile/acme.test',
          facebook: null,
        },
        personalInfo: null,
        contactPersons: [
          {
            firstName: 'Max',
            lastName: 'Muster',
            email: 'max@acme.test',
            photo: 'https://cdn.example.test/max.jpg',
            position: 'Recruiter',
          },
        ],
        gallery: [
          { url: 'https://cdn.example.test/1.jpg', alt: 'Büro' },
          { url: 'https://cdn.example.test/2.jpg', alt: 'Halle' },
        ],
        videos: [{ source: 'https://youtu.be/acme', cover: null, coverTitle: 'Ein Tag bei Acme' }],
        locations: [
          {
            name: 'Werk Reutlingen',
            address: { locality: 'Reutlingen', countryCode: 'DE' },
            latitude: 48.49,
            longitude: 9.2,
          },
        ],
        faq: [{ question: 'Remote?', answer: 'Ja.' }],
      });
    });

    it('finds a profile by path, whatever the case and trailing slash, and prefixes the url per locale', async () => {
      const byPath = await profile({ path: '/Organization/ACME/' });
      expect(byPath.body.data?.organizationProfile).toMatchObject({ id: acme.id });
      // The multilingual brand sees its own organizations only: Acme registers there for this test.
      const { db } = backend.handle;
      await db.update(organizations).set({ frontend: 'jobregio' }).where(eq(organizations.id, acme.id));
      try {
        const french = await profile({ path: '/organization/acme' }, undefined, { frontend: 'jobregio;fr' });
        expect(french.body.data?.organizationProfile).toMatchObject({
          url: '/fr/organization/acme',
          urlNoPrefix: '/organization/acme',
          industry: [{ label: 'Luft- und Raumfahrt' }],
        });
        const english = await profile({ id: acme.id }, undefined, { frontend: 'jobregio;en-GB' });
        expect(english.body.data?.organizationProfile).toMatchObject({ industry: [{ label: 'Aerospace' }] });
      } finally {
        await db.update(organizations).set({ frontend: 'tagblatt' }).where(eq(organizations.id, acme.id));
      }
      expect((await profile({ path: '/organization/unknown' })).body.data?.organizationProfile).toBeNull();
      expect((await profile({ id: 999_999 })).body.data?.organizationProfile).toBeNull();
    });

    it('shows personal info only to the owner and staff', async () => {
      const personalInfo = async (user: TestUser | undefined) =>
        (await profile({ id: acme.id }, user)).body.data?.organizationProfile?.personalInfo;
      const info = {
        salutation: 'Frau',
        firstName: 'Erika',
        lastName: 'Mustermann',
        phone: '+49 7071 123456',
        position: 'Personalleitung',
      };
      expect(await personalInfo(owner)).toEqual(info);
      expect(await personalInfo(staff)).toEqual(info);
      expect(await personalInfo(undefined)).toBeNull();
      expect(await personalInfo(applicant)).toBeNull();
      expect(await personalInfo(member)).toBeNull();
      expect(await personalInfo(otherRecruiter)).toBeNull();
    });

    it('shows an unpublished profile only to its owner, members and staff', async () => {
      const seen = async (user: TestUser | undefined) =>
        (await profile({ id: draft.id }, user)).body.data?.organizationProfile?.id ?? null;
      expect(await seen(undefined)).toBeNull();
      expect(await seen(applicant)).toBeNull();
      expect(await seen(otherRecruiter)).toBeNull();
      expect(await seen(owner)).toBe(draft.id);
      expect(await seen(member)).toBe(draft.id);
      expect(await seen(staff)).toBe(draft.id);
      expect((await profile({ path: '/organization/acme-entwurf' })).body.data?.organizationProfile).toBeNull();
    });

    it('refuses both or neither of id and path, wrong types and relative paths', async () => {
      const expectBadInput = (body: GraphQLResponseBody, message: string) => {
        expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
        expect(body.errors?.[0]?.message).toContain(message);
      };
      expectBadInput((await profile({ id: acme.id, path: '/organization/acme' })).body, 'exactly one of id or path');
      expectBadInput((await profile({})).body, 'exactly one of id or path');
      expectBadInput((await profile({ path: 'organization/acme' })).body, 'path must start with /');
      const wrongType = await profile({ id: 'acme' });
      expect(wrongType.body.errors?.[0]?.message).toContain('Int cannot represent non-integer value');
    });
  });

  describe('addOrganizationAttachment', () => {
    const mutation = `mutation attach($organizationId: Int!, $file: File!) {
      addOrganizationAttachment(organizationId: $organizationId, file: $file) { id fileName mimeType size url }
    }`;

    /** A multipart request as the GraphQL multipart request spec describes it: operations, map, file. */
    async function upload(options: {
      organizationId: number;
      bytes: Uint8Array<ArrayBuffer>;
      fileName: string;
      type?: string;
      user?: TestUser;
      /** The frontend header (brand;locale); English messages by default. */
      frontend?: string;
    }): Promise<{ status: number; body: GraphQLResponseBody<{ addOrganizationAttachment: Record<string, unknown> }> }> {
      const form = new FormData();
      form.set(
        'operations',
        JSON.stringify({ query: mutation, variables: { organizationId: options.organizationId, file: null } }),
      );
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new File([options.bytes], options.fileName, { type: options.type ?? 'application/octet-stream' }));
      const headers: Record<string, string> = { frontend: options.frontend ?? 'jobregio;en-GB' };
      const token = await as(options.user);
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await backend.server.fetch('http://localhost/graphql', { method: 'POST', headers, body: form });
      return { status: response.status, body: (await response.json()) as GraphQLResponseBody<never> };
    }

    async function storedFiles(): Promise<string[]> {
      const entries = await readdir(uploadDir, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort();
    }

    async function attachmentRows(organizationId: number) {
      return backend.handle.db
        .select()
        .from(organizationAttachments)
        .where(eq(organizationAttachments.organizationId, organizationId));
    }

    it('stores a valid PDF outside public/ under a generated name and lists it on the profile', async () => {
      const before = await storedFiles();
      const { body } = await upload({
        organizationId: acme.id,
        bytes: pdfBytes,
        fileName: '../../Unternehmensbroschüre.pdf',
        type: 'application/pdf',
        user: owner,
      });
      expect(body.errors).toBeUndefined();
      const attachment = body.data?.addOrganizationAttachment;
      expect(attachment).toMatchObject({
        fileName: 'Unternehmensbroschüre.pdf',
        mimeType: 'application/pdf',
        size: pdfBytes.byteLength,
        url: `/api/organization-attachments/${String(attachment?.id)}`,
      });

      const [row] = (await attachmentRows(acme.id)).filter((candidate) => candidate.id === attachment?.id);
      expect(row?.storageKey).toMatch(/^[0-9a-f]{32}\.pdf$/);
      expect(await storedFiles()).toEqual([...before, row!.storageKey].sort());
      expect(await readFile({ key: row!.storageKey, directory: uploadDir })).toEqual(pdfBytes);

      // Readable through the service the download endpoint uses, by anyone who may see the profile.
      const read = (brandId: string) =>
        readOrganizationAttachment({
          db: backend.handle.db,
          viewer: { userId: null, roles: [] },
          loaders: createLoaders(backend.handle.db),
          brandId,
          input: { id: attachment?.id },
        });
      expect(await read('tagblatt')).toEqual({
        fileName: 'Unternehmensbroschüre.pdf',
        mimeType: 'application/pdf',
        data: pdfBytes,
      });
      // Another brand does not know the organization (decision 0010).
      expect(await read('jobregio')).toBeNull();

      const listed = await backend.post<{ organizationProfile: { attachments: unknown[] } }>({
        query: `query p($id: Int) { organizationProfile(id: $id) { attachments { id fileName } } }`,
        variables: { id: acme.id },
      });
      expect(listed.body.data?.organizationProfile.attachments).toContainEqual({
        id: attachment?.id,
        fileName: 'Unternehmensbroschüre.pdf',
      });
    });

    it('lets staff attach images (jpeg by content) to any organization', async () => {
      const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
      const { body } = await upload({ organizationId: globex.id, bytes: jpeg, fileName: 'team.JPEG', user: staff });
      expect(body.errors).toBeUndefined();
      expect(body.data?.addOrganizationAttachment).toMatchObject({ fileName: 'team.JPEG', mimeType: 'image/jpeg' });
    });

    it('refuses files whose content, extension or size is not allowed, leaving no row and no file', async () => {
      const before = await storedFiles();
      const rowsBefore = (await attachmentRows(acme.id)).length;
      const cases = [
        { bytes: pngBytes, fileName: 'lebenslauf.pdf', message: 'not a valid PDF file' },
        { bytes: exeBytes, fileName: 'setup.exe', message: 'Allowed types: pdf, jpg, jpeg, png, webp' },
        { bytes: pdfBytes, fileName: 'no-extension', message: 'Allowed types' },
        { bytes: new Uint8Array(0), fileName: 'empty.pdf', message: 'The file is empty' },
      ];
      for (const { bytes, fileName, message } of cases) {
        const { body } = await upload({ organizationId: acme.id, bytes, fileName, user: owner });
        expect(body.data ?? null, fileName).toBeNull();
        expect(body.errors?.[0]?.extensions, fileName).toMatchObject({ code: 'BAD_USER_INPUT' });
        expect(body.errors?.[0]?.message, fileName).toContain(message);
      }
      expect(await attachmentRows(acme.id)).toHaveLength(rowsBefore);
      expect(await storedFiles()).toEqual(before);
    });

    it('refuses a file over 50 MB, leaving no row and no file', async () => {
      const before = await storedFiles();
      const rowsBefore = (await attachmentRows(acme.id)).length;
      const huge = new Uint8Array(defaultConstants.attachments.maxBytes + 1).fill(0x20);
      huge.set(pdfBytes);
      const { body } = await upload({ organizationId: acme.id, bytes: huge, fileName: 'huge.pdf', user: owner });
      expect(body.data ?? null).toBeNull();
      // Refused either by the request body limit of the GraphQL server or by the attachment rules.
      expect(body.errors?.[0]?.message).toMatch(/too large|larger than the maximum/i);
      expect(await attachmentRows(acme.id)).toHaveLength(rowsBefore);
      expect(await storedFiles()).toEqual(before);
    });

    it('applies the size limit it is given, before anything is stored', async () => {
      const before = await storedFiles();
      const { db } = backend.handle;
      const rowsBefore = (await attachmentRows(acme.id)).length;
      const twoKilobytes = new Uint8Array(2048).fill(0x20);
      twoKilobytes.set(pdfBytes);
      await expect(
        addOrganizationAttachment({
          db,
          viewer: { userId: owner.id, roles: owner.roles },
          loaders: createLoaders(db),
          input: { organizationId: acme.id, file: new File([twoKilobytes], 'a.pdf') },
          limits: { ...defaultConstants.attachments, maxBytes: 1024 },
          locale: 'en-GB',
        }),
      ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: 'The file is larger than the maximum of 1 KB.' });
      expect(await attachmentRows(acme.id)).toHaveLength(rowsBefore);
      expect(await storedFiles()).toEqual(before);
    });

    it('allows only the owner and staff, and needs a real file', async () => {
      const before = await storedFiles();
      const anonymous = await upload({ organizationId: acme.id, bytes: pdfBytes, fileName: 'a.pdf' });
      expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      for (const user of [applicant, member, otherRecruiter]) {
        const refused = await upload({ organizationId: acme.id, bytes: pdfBytes, fileName: 'a.pdf', user });
        expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
      const unknown = await upload({ organizationId: 999_999, bytes: pdfBytes, fileName: 'a.pdf', user: staff });
      expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

      const asJson = await backend.post(
        { query: mutation, variables: { organizationId: acme.id, file: 'JVBERi0xLjcK' } },
        { token: await as(owner) },
      );
      expect(asJson.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(asJson.body.errors?.[0]?.message).toContain('file must be a file sent as a multipart request');
      const missing = await backend.post(
        { query: mutation, variables: { organizationId: acme.id } },
        { token: await as(owner) },
      );
      expect(missing.body.errors?.[0]?.message).toContain('Variable "$file" of required type "File!" was not provided');
      expect(await storedFiles()).toEqual(before);
    });

    it('removes an attachment with its file: owner and staff only, then the profile no longer lists it', async () => {
      const { body } = await upload({
        organizationId: acme.id,
        bytes: pdfBytes,
        fileName: 'Anfahrt.pdf',
        type: 'application/pdf',
        user: owner,
      });
      const id = body.data!.addOrganizationAttachment.id as number;
      const [row] = (await attachmentRows(acme.id)).filter((candidate) => candidate.id === id);
      const remove = async (user: TestUser | undefined, organizationId = acme.id) =>
        backend.post<{ removeOrganizationAttachment: boolean }>(
          {
            query: `mutation r($organizationId: Int!, $id: Int!) { removeOrganizationAttachment(organizationId: $organizationId, id: $id) }`,
            variables: { organizationId, id },
          },
          { token: await as(user), headers: { frontend: 'tagblatt;de' } },
        );
      const codeOf = (response: Awaited<ReturnType<typeof remove>>) => response.body.errors?.[0]?.extensions?.code;
      expect(codeOf(await remove(undefined))).toBe('UNAUTHENTICATED');
      const byMember = await remove(member);
      expect(codeOf(byMember)).toBe('FORBIDDEN');
      expect(byMember.body.errors?.[0]?.message).toBe(
        'Nur der Inhaber der Organisation kann Dateien hinzufügen oder entfernen.',
      );
      for (const user of [otherRecruiter, applicant]) expect(codeOf(await remove(user))).toBe('FORBIDDEN');
      // Not through another organization, even for staff.
      expect(codeOf(await remove(staff, draft.id))).toBe('NOT_FOUND');
      expect(await readFile({ key: row!.storageKey, directory: uploadDir })).toEqual(pdfBytes);

      expect((await remove(owner)).body.data?.removeOrganizationAttachment).toBe(true);
      expect(await readFile({ key: row!.storageKey, directory: uploadDir })).toBeNull();
      expect((await attachmentRows(acme.id)).map((candidate) => candidate.id)).not.toContain(id);
      expect(codeOf(await remove(owner))).toBe('NOT_FOUND');
    });

    it('accepts a file of exactly 50 MiB (52,428,800 bytes) over multipart', async () => {
      expect(defaultConstants.attachments.maxBytes).toBe(maxUploadBytes);
      const { db } = backend.handle;
      const roomy = await createOrganization(db, { name: 'Roomy GmbH', published: true, owner });
      const exact = new Uint8Array(maxUploadBytes).fill(0x20);
      exact.set(pdfBytes);
      const { body } = await upload({ organizationId: roomy.id, bytes: exact, fileName: 'exact.pdf', user: owner });
      expect(body.errors).toBeUndefined();
      expect(body.data?.addOrganizationAttachment).toMatchObject({ size: maxUploadBytes });
      const [row] = await attachmentRows(roomy.id);
      expect((await readFile({ key: row!.storageKey, directory: uploadDir }))?.byteLength).toBe(maxUploadBytes);
    });

    it('refuses users without a confirmed e-mail address, in their language, storing nothing', async () => {
      const { db } = backend.handle;
      const initech = await createOrganization(db, { name: 'Initech', published: true, owner: unverified });
      const before = await storedFiles();
      const english = await upload({
        organizationId: initech.id,
        bytes: pdfBytes,
        fileName: 'a.pdf',
        user: unverified,
      });
      expect(english.body.data ?? null).toBeNull();
      expect(english.body.errors?.[0]).toMatchObject({
        message: 'Please confirm your e-mail address before uploading files.',
        extensions: { code: 'EMAIL_NOT_VERIFIED' },
      });
      const french = await upload({
        organizationId: initech.id,
        bytes: pdfBytes,
        fileName: 'a.pdf',
        user: unverified,
        frontend: 'jobregio;fr',
      });
      expect(french.body.errors?.[0]?.message).toBe(
        'Veuillez confirmer votre adresse e-mail avant de téléverser des fichiers.',
      );
      const german = await upload({
        organizationId: initech.id,
        bytes: pdfBytes,
        fileName: 'a.pdf',
        user: unverified,
        frontend: 'tagblatt;de',
      });
      expect(german.body.errors?.[0]?.message).toBe(
        'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse, bevor Sie Dateien hochladen.',
      );
      expect(await attachmentRows(initech.id)).toEqual([]);
      expect(await storedFiles()).toEqual(before);
    });

    it('keeps an organization within 100 files and 500 MiB, up to the last byte', async () => {
      const { db } = backend.handle;
      const full = await createOrganization(db, { name: 'Voll GmbH', published: true, owner });
      const existing = (index: number, sizeBytes: number) => ({
        organizationId: full.id,
        fileName: `old-${index}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes,
        storageKey: `${randomBytes(16).toString('hex')}.pdf`,
      });
      const before = await storedFiles();
      await db
        .insert(organizationAttachments)
        .values(Array.from({ length: attachmentQuota.maxFiles }, (_, index) => existing(index, 1000)));
      const tooMany = await upload({ organizationId: full.id, bytes: pdfBytes, fileName: 'a.pdf', user: owner });
      expect(tooMany.body.errors?.[0]).toMatchObject({
        message: 'An employer profile can have at most 100 files.',
        extensions: { code: 'QUOTA_EXCEEDED' },
      });

      await db.delete(organizationAttachments).where(eq(organizationAttachments.organizationId, full.id));
      const almostFull = attachmentQuota.maxTotalBytes - pdfBytes.byteLength;
      await db.insert(organizationAttachments).values(existing(0, almostFull + 1));
      const oneByteOver = await upload({ organizationId: full.id, bytes: pdfBytes, fileName: 'a.pdf', user: owner });
      expect(oneByteOver.body.errors?.[0]?.extensions?.code).toBe('QUOTA_EXCEEDED');
      expect(oneByteOver.body.errors?.[0]?.message).toContain('at most 500 MB in total');
      expect(await storedFiles()).toEqual(before);

      await db
        .update(organizationAttachments)
        .set({ sizeBytes: almostFull })
        .where(eq(organizationAttachments.organizationId, full.id));
      const lastByte = await upload({ organizationId: full.id, bytes: pdfBytes, fileName: 'a.pdf', user: owner });
      expect(lastByte.body.errors).toBeUndefined();
      expect(await attachmentRows(full.id)).toHaveLength(2);
    });

    it('removes the stored file again when the row cannot be written', async () => {
      const before = await storedFiles();
      const { db } = backend.handle;
      const failingDb = new Proxy(db, {
        get: (target, property, receiver) =>
          property === 'transaction'
            ? () => Promise.reject(new Error('connection lost'))
            : (Reflect.get(target, property, receiver) as unknown),
      });
      await expect(
        addOrganizationAttachment({
          db: failingDb,
          viewer: { userId: owner.id, roles: owner.roles },
          loaders: createLoaders(db),
          input: { organizationId: acme.id, file: new File([pdfBytes], 'a.pdf') },
          limits: defaultConstants.attachments,
          locale: 'en-GB',
        }),
      ).rejects.toThrow('connection lost');
      expect(await storedFiles()).toEqual(before);
    });
  });
});
