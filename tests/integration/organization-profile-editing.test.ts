import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  organizationContactPersons,
  organizationFaqs,
  organizationGalleryImages,
  organizations,
} from '../../src/server/db/schema/organizations';
import { getConfig } from '../../src/server/config';
import { taxonomyTerms } from '../../src/server/db/schema/taxonomy';
import { testDialects } from '../../src/server/db/testing';
import { readFile } from '../../src/server/storage/file-storage';
import { createTestBackend, type GraphQLResponseBody, type TestBackend } from '../support/backend';
import { createOrganization, createUser, type TestUser } from '../support/factories';

const saveMutation = `mutation save($organizationId: Int!, $input: OrganizationProfileSectionInput!) {
  saveOrganizationProfileSection(organizationId: $organizationId, input: $input) { id published }
}`;
const publishMutation = `mutation publish($organizationId: Int!, $published: Boolean!) {
  setOrganizationProfilePublished(organizationId: $organizationId, published: $published) { id published }
}`;
const uploadMutation = `mutation upload($organizationId: Int!, $kind: OrganizationImageKind!, $file: File!) {
  uploadOrganizationImage(organizationId: $organizationId, kind: $kind, file: $file) { url width height }
}`;
const profileQuery = `query profile($id: Int) { organizationProfile(id: $id) {
  id name published alternativeName website presentation coverUrl logo { url }
  socialProfiles { facebook blueSky } faq { question answer } gallery { url alt }
  locations { name latitude longitude address { locality postalCode } }
} }`;

const svgWithScript = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
);
/** A Windows executable's first bytes. */
const exeBytes = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, 0xb8, 0, 0, 0]);
/** A PNG signature followed by garbage: passes the magic bytes, cannot be decoded. */
const brokenPng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

describe.each(testDialects)('organization profile editing on %s', (dialect) => {
  let backend: TestBackend;
  let uploadDir: string;
  const previousUploadDir = process.env.UPLOAD_DIR;
  let owner: TestUser;
  let member: TestUser;
  let otherRecruiter: TestUser;
  let staff: TestUser;
  let acme: { id: number };
  let globex: { id: number };
  let elsewhere: { id: number };
  let photo: Uint8Array<ArrayBuffer>;

  beforeAll(async () => {
    uploadDir = await mkdtemp(join(tmpdir(), 'jobboard-org-images-'));
    process.env.UPLOAD_DIR = uploadDir;
    backend = await createTestBackend(dialect);
    const { db } = backend.handle;
    owner = await createUser(db, { email: 'owner@acme.test', roles: ['recruiter'] });
    member = await createUser(db, { email: 'member@acme.test', roles: ['recruiter'] });
    otherRecruiter = await createUser(db, { email: 'owner@globex.test', roles: ['recruiter'] });
    staff = await createUser(db, { email: 'admin@jobboard.test', roles: ['administrator'] });
    acme = await createOrganization(db, {
      name: 'Acme GmbH',
      frontend: 'jobregio',
      published: false,
      owner,
      members: [member],
    });
    globex = await createOrganization(db, {
      name: 'Globex AG',
      frontend: 'jobregio',
      published: true,
      owner: otherRecruiter,
      members: [otherRecruiter],
    });
    elsewhere = await createOrganization(db, { name: 'Tagblatt GmbH', frontend: 'tagblatt', members: [member] });
    photo = new Uint8Array(
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 40, b: 40 } } })
        .jpeg()
        .toBuffer(),
    );
  });
  afterAll(async () => {
    await backend?.dispose();
    if (previousUploadDir === undefined) delete process.env.UPLOAD_DIR;
    else process.env.UPLOAD_DIR = previousUploadDir;
    await rm(uploadDir, { recursive: true, force: true });
  });

  const as = async (user: TestUser | undefined) => (user ? await backend.tokenFor(user) : undefined);

  async function save(
    organizationId: number,
    input: Record<string, unknown>,
    user: TestUser | null = member,
    locale = 'en-GB',
  ) {
    return backend.post<{ saveOrganizationProfileSection: { id: number } }>(
      { query: saveMutation, variables: { organizationId, input } },
      { token: await as(user ?? undefined), headers: { frontend: `jobregio;${locale}` } },
    );
  }

  async function profile(id: number, user?: TestUser) {
    const { body } = await backend.post<{ organizationProfile: Record<string, unknown> | null }>(
      { query: profileQuery, variables: { id } },
      { token: await as(user), headers: { frontend: 'jobregio;en-GB' } },
    );
    return body.data?.organizationProfile ?? null;
  }

  async function upload(options: {
    organizationId: number;
    kind: string;
    bytes: Uint8Array<ArrayBuffer>;
    fileName: string;
    user?: TestUser;
    locale?: string;
  }): Promise<{
    status: number;
    body: GraphQLResponseBody<{ uploadOrganizationImage: { url: string; width: number; height: number } }>;
  }> {
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query: uploadMutation,
        variables: { organizationId: options.organizationId, kind: options.kind, file: null },
      }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([options.bytes], options.fileName, { type: 'image/png' }));
    const headers: Record<string, string> = { frontend: `jobregio;${options.locale ?? 'en-GB'}` };
    const token = await as(options.user ?? member);
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await backend.server.fetch('http://localhost/graphql', { method: 'POST', headers, body: form });
    return { status: response.status, body: (await response.json()) as GraphQLResponseBody<never> };
  }

  const fieldErrorsOf = (body: GraphQLResponseBody<unknown>) => {
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    return body.errors?.[0]?.extensions?.fieldErrors as Record<string, string>;
  };

  const revision = async () => {
    const { rows } = await backend.handle.db.execute<{ revision: string | number }>(
      sql`select revision from content_revision`,
    );
    return String(rows[0]?.revision);
  };

  describe('sections', () => {
    it('saves a member’s section, bumps the content revision and shows it on the published page', async () => {
      const before = await revision();
      const { body } = await save(acme.id, {
        basics: { alternativeName: 'ACME', website: 'https://acme.example', size: '50-249' },
      });
      expect(body.errors).toBeUndefined();
      expect(await revision()).not.toBe(before);
      const [row] = await backend.handle.db.select().from(organizations).where(eq(organizations.id, acme.id));
      expect(row).toMatchObject({ alternativeName: 'ACME', website: 'https://acme.example', size: '50-249' });
    });

    it('places the organization at its town when the address moves, for the radius search', async () => {
      const address = { countryCode: 'DE', addressLine1: 'Kaiser-Joseph-Straße 1', postalCode: '79098' };
      const point = async () => {
        const [row] = await backend.handle.db.select().from(organizations).where(eq(organizations.id, acme.id));
        return { latitude: row!.latitude, longitude: row!.longitude };
      };
      expect(
        (await save(acme.id, { companyInfo: { name: 'Acme GmbH', address: { ...address, locality: 'Freiburg' } } }))
          .body.errors,
      ).toBeUndefined();
      const freiburg = await point();
      expect(freiburg.latitude).toBeCloseTo(47.99, 1);
      expect(freiburg.longitude).toBeCloseTo(7.85, 1);
      await save(acme.id, {
        companyInfo: { name: 'Acme GmbH', address: { ...address, postalCode: '80331', locality: 'München' } },
      });
      expect((await point()).latitude).toBeCloseTo(48.14, 1);
      // A town the gazetteer does not know: no point rather than the old one.
      await save(acme.id, { companyInfo: { name: 'Acme GmbH', address: { ...address, locality: 'Nirgendwohausen' } } });
      expect(await point()).toEqual({ latitude: null, longitude: null });
    });

    it('keeps further locations in their order, each placed at its town, and refuses one without a town', async () => {
      const items = [
        {
          name: 'Werk Ulm',
          address: { addressLine1: 'Hafengasse 1', postalCode: '89073', locality: 'Ulm', countryCode: 'DE' },
        },
        { name: null, address: { locality: 'Nirgendwohausen' } },
      ];
      expect((await save(acme.id, { locations: { items } })).body.errors).toBeUndefined();
      const { locations } = (await profile(acme.id, member)) as {
        locations: { name: string | null; latitude: number | null; address: { locality: string } }[];
      };
      expect(locations.map((location) => [location.name, location.address.locality])).toEqual([
        ['Werk Ulm', 'Ulm'],
        [null, 'Nirgendwohausen'],
      ]);
      expect(locations[0]!.latitude).toBeCloseTo(48.4, 1);
      expect(locations[1]!.latitude).toBeNull();

      // Without a town, or too many: field errors, and the saved locations stay.
      const missing = await save(acme.id, {
        locations: { items: [{ name: 'Lager', address: { postalCode: '89073' } }] },
      });
      expect(Object.keys(fieldErrorsOf(missing.body))).toEqual(['items.0.address.locality']);
      const tooMany = Array.from({ length: 31 }, () => items[0]);
      expect(Object.keys(fieldErrorsOf((await save(acme.id, { locations: { items: tooMany } })).body))).toEqual([
        'items',
      ]);
      expect(((await profile(acme.id, member)) as { locations: unknown[] }).locations).toHaveLength(2);
    });

    it('refuses too long text, wrong addresses and other bad input per field, in the visitor’s language', async () => {
      const long = 'x'.repeat(201);
      const basics = fieldErrorsOf(
        (await save(acme.id, { basics: { alternativeName: long, website: 'javascript:alert(1)' } })).body,
      );
      expect(basics).toEqual({
        alternativeName: 'This entry is too long.',
        website: 'Please enter a full web address (https://…).',
      });
      const social = fieldErrorsOf(
        (
          await save(
            acme.id,
            {
              socialProfiles: {
                facebook: 'https://evil.example/acme',
                blueSky: 'https://bsky.app.evil.example/x',
                linkedin: 'https://de.linkedin.com/company/acme',
              },
            },
            member,
            'fr',
          )
        ).body,
      );
      expect(social).toEqual({
        facebook: 'Veuillez saisir l’adresse d’un profil Facebook.',
        blueSky: 'Veuillez saisir l’adresse d’un profil Bluesky.',
      });
      const company = fieldErrorsOf(
        (
          await save(
            acme.id,
            { companyInfo: { name: ' ', address: { postalCode: '<script>', countryCode: 'Germany' } } },
            member,
            'de',
          )
        ).body,
      );
      expect(company).toEqual({
        name: 'Bitte füllen Sie dieses Feld aus.',
        'address.postalCode': 'Bitte geben Sie eine gültige Postleitzahl ein.',
        'address.countryCode': 'Bitte wählen Sie ein Land.',
      });
      const contacts = fieldErrorsOf(
        (
          await save(acme.id, {
            contactPersons: {
              items: [
                { lastName: 'Muster', email: 'not-an-address', photo: 'https://tracker.example/pixel.gif' },
                { lastName: '', linkedinProfile: 'https://facebook.com/max', phone: 'call me' },
              ],
            },
          })
        ).body,
      );
      expect(Object.keys(contacts).sort()).toEqual(
        ['items.0.email', 'items.0.photo', 'items.1.lastName', 'items.1.linkedinProfile', 'items.1.phone'].sort(),
      );
      const videos = fieldErrorsOf(
        (await save(acme.id, { videos: { items: [{ source: 'ftp://videos.example/a' }] } })).body,
      );
      expect(videos).toEqual({ 'items.0.source': 'Please enter a full web address (https://…).' });
      const faq = fieldErrorsOf(
        (
          await save(acme.id, {
            faq: { items: [{ question: 'Remote?', answer: 'y'.repeat(5001) }, { question: 'Q' }] },
          })
        ).body,
      );
      expect(faq).toEqual({
        'items.0.answer': 'This entry is too long.',
        'items.1.answer': 'Please fill in this field.',
      });
      const presentation = fieldErrorsOf(
        (await save(acme.id, { presentation: { presentation: 'p'.repeat(50_001) } })).body,
      );
      expect(presentation).toEqual({ presentation: 'This entry is too long.' });
      const gallery = fieldErrorsOf(
        (await save(acme.id, { gallery: { items: [{ url: '/media/images/0123456789abcdef0123456789abcdef.webp' }] } }))
          .body,
      );
      expect(gallery).toEqual({ 'items.0.url': 'Please upload the image here.' });
      // Nothing of the refused saves was written.
      const [row] = await backend.handle.db.select().from(organizations).where(eq(organizations.id, acme.id));
      expect(row).toMatchObject({ alternativeName: 'ACME', facebook: null, name: 'Acme GmbH' });
      expect(await backend.handle.db.select().from(organizationContactPersons)).toEqual([]);
    });

    it('accepts only terms of each category’s vocabulary', async () => {
      const [industry, benefit] = await backend.handle.db
        .insert(taxonomyTerms)
        .values([
          { vocabulary: 'industry', slug: `it-${dialect}`, labelDe: 'IT' },
          { vocabulary: 'benefit', slug: `bike-${dialect}`, labelDe: 'Jobrad' },
        ])
        .returning();
      const wrong = fieldErrorsOf((await save(acme.id, { categories: { industry: [benefit!.id] } })).body);
      expect(wrong).toEqual({ industry: 'This entry is not valid.' });
      const { body } = await save(acme.id, { categories: { industry: [industry!.id], benefits: [benefit!.id] } });
      expect(body.errors).toBeUndefined();
    });

    it('sanitises the presentation as a job description, and keeps list sections in their order', async () => {
      const { body } = await save(acme.id, {
        presentation: {
          presentation: '<h2>Wir</h2><p onclick="x()">Raketen<script>alert(1)</script><img src=x onerror=alert(1)></p>',
        },
      });
      expect(body.errors).toBeUndefined();
      const [row] = await backend.handle.db.select().from(organizations).where(eq(organizations.id, acme.id));
      expect(row?.presentation).toContain('<h2>Wir</h2>');
      expect(row?.presentation).not.toMatch(/script|onerror|onclick/);
      await save(acme.id, {
        faq: {
          items: [
            { question: 'Eins?', answer: 'Ja.' },
            { question: 'Zwei?', answer: 'Nein.' },
          ],
        },
      });
      const faqs = await backend.handle.db
        .select()
        .from(organizationFaqs)
        .where(eq(organizationFaqs.organizationId, acme.id))
        .orderBy(organizationFaqs.weight);
      expect(faqs.map((faq) => faq.question)).toEqual(['Eins?', 'Zwei?']);
    });

    it('takes exactly one section per save', async () => {
      const { body } = await save(acme.id, { basics: { size: '1-9' }, faq: { items: [] } });
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.message).toContain('exactly one section');
    });

    it('leaves the invoicing contact to the owner and staff', async () => {
      const personalInfo = { salutation: 'ms', firstName: 'Erika', lastName: 'Muster', phone: '+49 7071 1234' };
      const refused = await save(acme.id, { personalInfo }, member);
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await save(acme.id, { personalInfo }, owner)).body.errors).toBeUndefined();
      const phone = fieldErrorsOf((await save(acme.id, { personalInfo: { phone: '<b>' } }, staff)).body);
      expect(phone).toEqual({ phone: 'Please enter a valid phone number.' });
    });
  });

  describe('who may edit', () => {
    it('refuses a member of organization B editing organization A, directly against GraphQL', async () => {
      const before = await backend.handle.db.select().from(organizations).where(eq(organizations.id, acme.id));
      const { body } = await save(acme.id, { basics: { alternativeName: 'Hijacked' } }, otherRecruiter);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const image = await upload({
        organizationId: acme.id,
        kind: 'logo',
        bytes: photo,
        fileName: 'a.jpg',
        user: otherRecruiter,
      });
      expect(image.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const publish = await backend.post(
        { query: publishMutation, variables: { organizationId: acme.id, published: true } },
        { token: await as(otherRecruiter), headers: { frontend: 'jobregio;en-GB' } },
      );
      expect(publish.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const after = await backend.handle.db.select().from(organizations).where(eq(organizations.id, acme.id));
      expect(after).toEqual(before);
      // Anonymous visitors are asked to sign in; another brand's organization does not exist here.
      expect((await save(acme.id, { basics: {} }, null)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await save(elsewhere.id, { basics: {} }, member)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      // The profile says who may edit it: members and staff.
      const canEdit = async (user?: TestUser) => {
        const { body } = await backend.post<{ organizationProfile: { canEdit: boolean } | null }>(
          {
            query: `query canEdit($id: Int) { organizationProfile(id: $id) { canEdit } }`,
            variables: { id: globex.id },
          },
          { token: await as(user), headers: { frontend: 'jobregio;en-GB' } },
        );
        return body.data?.organizationProfile?.canEdit;
      };
      expect(await canEdit(otherRecruiter)).toBe(true);
      expect(await canEdit(staff)).toBe(true);
      expect(await canEdit(member)).toBe(false);
      expect(await canEdit(undefined)).toBe(false);
      // The other recruiter edits their own.
      expect(
        (await save(globex.id, { basics: { alternativeName: 'Globex' } }, otherRecruiter)).body.errors,
      ).toBeUndefined();
    });
  });

  describe('images', () => {
    it('re-encodes a logo and a cover into the pages’ sizes, served for good', async () => {
      const logo = await upload({ organizationId: acme.id, kind: 'logo', bytes: photo, fileName: 'logo.JPG' });
      expect(logo.body.errors).toBeUndefined();
      expect(logo.body.data?.uploadOrganizationImage).toMatchObject({ width: 240, height: 240 });
      const url = logo.body.data!.uploadOrganizationImage.url;
      expect(url).toMatch(/^\/media\/images\/[0-9a-f]{32}\.webp$/);
      const stored = await readFile({ key: url.slice('/media/images/'.length) });
      expect(await sharp(stored!).metadata()).toMatchObject({ format: 'webp', width: 240, height: 240 });
      const cover = await upload({ organizationId: acme.id, kind: 'cover', bytes: photo, fileName: 'cover.jpeg' });
      expect(cover.body.data?.uploadOrganizationImage).toMatchObject({ width: 1000, height: 500 });
      const coverBytes = await readFile({
        key: cover.body.data!.uploadOrganizationImage.url.slice('/media/images/'.length),
      });
      expect(await sharp(coverBytes!).metadata()).toMatchObject({ format: 'webp', width: 1000, height: 500 });
      const seen = await profile(acme.id, member);
      expect(seen).toMatchObject({ coverUrl: cover.body.data!.uploadOrganizationImage.url });
      expect((seen?.logo as { url: string }).url).toContain(url);
      // A new logo replaces the file of the former one.
      const second = await upload({ organizationId: acme.id, kind: 'logo', bytes: photo, fileName: 'logo.jpg' });
      expect(second.body.errors).toBeUndefined();
      expect(await readFile({ key: url.slice('/media/images/'.length) })).toBeNull();
    });

    it('refuses SVG, disguised and undecodable files, in the visitor’s language, keeping nothing', async () => {
      const [before] = await backend.handle.db.select().from(organizations).where(eq(organizations.id, acme.id));
      const svg = await upload({ organizationId: acme.id, kind: 'logo', bytes: svgWithScript, fileName: 'logo.svg' });
      expect(fieldErrorsOf(svg.body)).toEqual({ file: 'Images can only be JPG, PNG or WebP files.' });
      const svgAsPng = await upload({
        organizationId: acme.id,
        kind: 'cover',
        bytes: svgWithScript,
        fileName: 'cover.png',
        locale: 'de',
      });
      expect(fieldErrorsOf(svgAsPng.body)).toEqual({ file: 'Die Datei ist kein lesbares JPG-, PNG- oder WebP-Bild.' });
      const exe = await upload({ organizationId: acme.id, kind: 'gallery', bytes: exeBytes, fileName: 'team.jpg' });
      expect(fieldErrorsOf(exe.body)).toEqual({ file: 'The file is not a readable JPG, PNG or WebP image.' });
      const broken = await upload({ organizationId: acme.id, kind: 'gallery', bytes: brokenPng, fileName: 'team.png' });
      expect(fieldErrorsOf(broken.body)).toEqual({ file: 'The file is not a readable JPG, PNG or WebP image.' });
      const [after] = await backend.handle.db.select().from(organizations).where(eq(organizations.id, acme.id));
      expect(after?.logoUrl).toBe(before?.logoUrl);
      expect(after?.coverUrl).toBe(before?.coverUrl);
      expect(
        await backend.handle.db
          .select()
          .from(organizationGalleryImages)
          .where(eq(organizationGalleryImages.organizationId, acme.id)),
      ).toEqual([]);
    });

    it('adds gallery images, whose texts and order the gallery section saves', async () => {
      const first = await upload({ organizationId: acme.id, kind: 'gallery', bytes: photo, fileName: 'a.jpg' });
      const second = await upload({ organizationId: acme.id, kind: 'gallery', bytes: photo, fileName: 'b.jpg' });
      expect(second.body.data?.uploadOrganizationImage).toMatchObject({ width: 800, height: 600 });
      const [a, b] = [first, second].map((response) => response.body.data!.uploadOrganizationImage.url);
      const { body } = await save(acme.id, {
        gallery: {
          items: [
            { url: b, alt: 'Team' },
            { url: a, alt: 'Büro' },
          ],
        },
      });
      expect(body.errors).toBeUndefined();
      expect((await profile(acme.id, member))?.gallery).toEqual([
        { url: b, alt: 'Team' },
        { url: a, alt: 'Büro' },
      ]);
      // An image left out of the gallery is removed, with its file.
      expect((await save(acme.id, { gallery: { items: [{ url: b, alt: 'Team' }] } })).body.errors).toBeUndefined();
      expect((await profile(acme.id, member))?.gallery).toEqual([{ url: b, alt: 'Team' }]);
      expect(await readFile({ key: a!.slice('/media/images/'.length) })).toBeNull();
      expect(await readFile({ key: b!.slice('/media/images/'.length) })).not.toBeNull();
      const photoUpload = await upload({
        organizationId: acme.id,
        kind: 'contactPhoto',
        bytes: photo,
        fileName: 'p.jpg',
      });
      expect(photoUpload.body.data?.uploadOrganizationImage).toMatchObject({ width: 160, height: 160 });
      const contacts = await save(acme.id, {
        contactPersons: { items: [{ lastName: 'Muster', photo: photoUpload.body.data!.uploadOrganizationImage.url }] },
      });
      expect(contacts.body.errors).toBeUndefined();
      // A video's cover: 16:9, saved with the videos section.
      const coverUpload = await upload({
        organizationId: acme.id,
        kind: 'videoCover',
        bytes: photo,
        fileName: 'v.jpg',
      });
      expect(coverUpload.body.data?.uploadOrganizationImage).toMatchObject({ width: 640, height: 360 });
      const videos = await save(acme.id, {
        videos: {
          items: [
            {
              source: 'https://www.youtube.com/watch?v=abc',
              cover: coverUpload.body.data!.uploadOrganizationImage.url,
            },
          ],
        },
      });
      expect(videos.body.errors).toBeUndefined();
    });

    it('refuses an image upload beyond the hourly limit per user, keeping nothing of it', async () => {
      const { db } = backend.handle;
      const uploader = await createUser(db, { roles: ['recruiter'] });
      const initech = await createOrganization(db, { name: 'Initech', frontend: 'jobregio', members: [uploader] });
      const small = new Uint8Array(
        await sharp({ create: { width: 200, height: 200, channels: 3, background: '#224466' } })
          .jpeg()
          .toBuffer(),
      );
      const storedFiles = async () =>
        (await readdir(uploadDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
      const max = getConfig().RATE_LIMIT_UPLOADS_PER_HOUR;
      const storedBefore = (await storedFiles()).length;
      for (let attempt = 0; attempt < max; attempt++) {
        const accepted = await upload({
          organizationId: initech.id,
          kind: 'contactPhoto',
          bytes: small,
          fileName: 'p.jpg',
          user: uploader,
        });
        expect(accepted.body.errors, `upload ${attempt + 1}`).toBeUndefined();
      }
      expect(await storedFiles()).toHaveLength(storedBefore + max);
      const refused = await upload({
        organizationId: initech.id,
        kind: 'logo',
        bytes: small,
        fileName: 'logo.jpg',
        user: uploader,
        locale: 'fr',
      });
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(refused.body.errors?.[0]?.message).toBe(
        'Trop de requêtes. Veuillez patienter un instant, puis réessayer.',
      );
      expect(await storedFiles()).toHaveLength(storedBefore + max);
      const [after] = await db.select().from(organizations).where(eq(organizations.id, initech.id));
      expect(after?.logoUrl).toBeNull();
    });
  });

  describe('publishing', () => {
    it('lets a member publish and only staff unpublish', async () => {
      expect(await profile(acme.id)).toBeNull();
      const publish = async (user: TestUser, published: boolean) =>
        backend.post<{ setOrganizationProfilePublished: { published: boolean } }>(
          { query: publishMutation, variables: { organizationId: acme.id, published } },
          { token: await as(user), headers: { frontend: 'jobregio;en-GB' } },
        );
      expect((await publish(member, true)).body.data?.setOrganizationProfilePublished.published).toBe(true);
      expect(await profile(acme.id)).toMatchObject({ published: true, alternativeName: 'ACME' });
      const refused = await publish(member, false);
      expect(refused.body.errors?.[0]).toMatchObject({
        message: 'Only the site team can unpublish a profile.',
        extensions: { code: 'FORBIDDEN' },
      });
      expect((await publish(staff, false)).body.data?.setOrganizationProfilePublished.published).toBe(false);
      expect(await profile(acme.id)).toBeNull();
    });
  });
});
