/**
 * The organization profile's sections (SPEC section 3: personal info, company info, the organization page),
 * ONE zod schema per section, shared by the profile editor island (react-hook-form with its zod resolver)
 * and the service that saves a section (parseInput). Pure data and zod: no server code, so islands may
 * import it. Error messages are message keys (src/i18n), so the form and the API answer in the visitor's
 * language; nested problems are keyed by their dotted path (`items.0.email`).
 */
import { z } from 'zod';
import { salutations } from '../resumes/resume-schema.ts';

export const profileLimits = {
  shortText: 200,
  url: 2000,
  /** Sanitised HTML of the presentation; generous, as markup counts. */
  presentation: 50_000,
  freeText: 2000,
  answer: 5000,
  terms: 30,
  contactPersons: 20,
  videos: 20,
  faq: 50,
  gallery: 24,
  locations: 30,
} as const;

/** Employee ranges a profile's size is one of (the demo data's ranges). */
export const organizationSizeValues = ['1-9', '10-49', '50-249', '250-999', '1000-4999', '5000+'] as const;

/** The salutations the account and the resume offer (one list). */
export { salutations as salutationValues } from '../resumes/resume-schema.ts';

/** Salutations the demo data and older profiles stored as words, as the salutation they mean. */
export const legacySalutations: Readonly<Record<string, (typeof salutations)[number]>> = {
  Herr: 'mr',
  Monsieur: 'mr',
  Frau: 'ms',
  Madame: 'ms',
};

const required = 'job.error.required';
const tooLong = 'job.error.tooLong';
const invalid = 'job.error.invalid';
const tooMany = 'job.error.tooMany';

const emptyToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

const optionalText = (max: number) =>
  z.preprocess(emptyToNull, z.string({ error: invalid }).trim().max(max, { error: tooLong }).nullable().default(null));

const requiredText = (max: number) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

const webAddress = z
  .string({ error: 'job.error.url' })
  .trim()
  .max(profileLimits.url, { error: tooLong })
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'job.error.url' }));

const optionalUrl = z.preprocess(emptyToNull, webAddress.nullable().default(null));

const optionalEmail = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'job.error.email' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'job.error.email' })
    .pipe(z.email({ error: 'job.error.email' }))
    .nullable()
    .default(null),
);

const optionalPhone = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'orgEdit.error.phone' })
    .trim()
    .regex(/^\+?[0-9 ()/.-]{4,30}$/, { error: 'orgEdit.error.phone' })
    .nullable()
    .default(null),
);

const optionalSalutation = z.preprocess(emptyToNull, z.enum(salutations, { error: invalid }).nullable().default(null));

/**
 * An image the site stores itself (an upload answered this path: /media/images/<key>.webp) or one of its
 * generated pictures: never a foreign address, so pages load no third-party images.
 */
export const siteImagePattern =
  /^\/media\/(images\/[0-9a-f]{32}\.webp|(logos|covers|gallery)\/[0-9]{1,10}(-[0-9]{1,2})?\.svg)$/;

const optionalSiteImage = z.preprocess(
  emptyToNull,
  z.string({ error: invalid }).regex(siteImagePattern, { error: 'orgEdit.error.image' }).nullable().default(null),
);

/** Social networks of the page and the hosts their profile addresses must be on (SPEC section 3). */
export const socialNetworks = {
  facebook: ['facebook.com', 'fb.com'],
  twitter: ['twitter.com', 'x.com'],
  linkedin: ['linkedin.com'],
  youtube: ['youtube.com', 'youtu.be'],
  xing: ['xing.com'],
  instagram: ['instagram.com'],
  tiktok: ['tiktok.com'],
  blueSky: ['bsky.app'],
} as const satisfies Record<string, readonly string[]>;

export type SocialNetwork = keyof typeof socialNetworks;

/** Whether `url` is on one of `hosts` (the host itself or a subdomain such as www. or de.). */
export function isOnHost(url: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((candidate) => host === candidate || host.endsWith(`.${candidate}`));
}

const socialProfile = (network: SocialNetwork) =>
  z.preprocess(
    emptyToNull,
    webAddress
      .refine((url) => isOnHost(url, socialNetworks[network]), { error: `orgEdit.error.social.${network}` })
      .nullable()
      .default(null),
  );

const termIds = z
  .array(z.number({ error: invalid }).int({ error: invalid }).positive({ error: invalid }), { error: invalid })
  .max(profileLimits.terms, { error: tooMany })
  .default([]);

export const addressSchema = z.object({
  countryCode: z.preprocess(
    emptyToNull,
    z
      .string({ error: 'job.error.country' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'job.error.country' })
      .nullable()
      .default(null),
  ),
  addressLine1: optionalText(profileLimits.shortText),
  addressLine2: optionalText(profileLimits.shortText),
  administrativeArea: optionalText(profileLimits.shortText),
  locality: optionalText(profileLimits.shortText),
  postalCode: z.preprocess(
    emptyToNull,
    z
      .string({ error: 'job.error.postalCode' })
      .trim()
      .regex(/^[A-Za-z0-9 -]{3,10}$/, { error: 'job.error.postalCode' })
      .nullable()
      .default(null),
  ),
});

export const profileSectionSchemas = {
  /** Not public: for invoicing and account actions. */
  personalInfo: z.object({
    salutation: optionalSalutation,
    firstName: optionalText(profileLimits.shortText),
    lastName: optionalText(profileLimits.shortText),
    phone: optionalPhone,
    position: optionalText(profileLimits.shortText),
  }),
  /** Public once the profile is published. */
  companyInfo: z.object({
    name: requiredText(profileLimits.shortText),
    address: addressSchema,
  }),
  /** Further locations (SPEC 3), each found by the radius search around its town. */
  locations: z.object({
    items: z
      .array(
        z.object({
          name: optionalText(profileLimits.shortText),
          address: addressSchema.extend({ locality: requiredText(profileLimits.shortText) }),
        }),
        { error: invalid },
      )
      .max(profileLimits.locations, { error: tooMany })
      .default([]),
  }),
  basics: z.object({
    alternativeName: optionalText(profileLimits.shortText),
    website: optionalUrl,
    size: z.preprocess(emptyToNull, z.enum(organizationSizeValues, { error: invalid }).nullable().default(null)),
  }),
  socialProfiles: z.object({
    facebook: socialProfile('facebook'),
    twitter: socialProfile('twitter'),
    linkedin: socialProfile('linkedin'),
    youtube: socialProfile('youtube'),
    xing: socialProfile('xing'),
    instagram: socialProfile('instagram'),
    tiktok: socialProfile('tiktok'),
    blueSky: socialProfile('blueSky'),
  }),
  /** HTML; the server sanitises it (filtered_html) as it does a job's description. */
  presentation: z.object({ presentation: optionalText(profileLimits.presentation) }),
  categories: z.object({
    industry: termIds,
    occupations: termIds,
    fieldsOfStudy: termIds,
    benefits: termIds,
  }),
  contactPersons: z.object({
    items: z
      .array(
        z.object({
          salutation: optionalSalutation,
          firstName: optionalText(profileLimits.shortText),
          lastName: requiredText(profileLimits.shortText),
          photo: optionalSiteImage,
          email: optionalEmail,
          position: optionalText(profileLimits.shortText),
          phone: optionalPhone,
          linkedinProfile: z.preprocess(
            emptyToNull,
            webAddress
              .refine((url) => isOnHost(url, socialNetworks.linkedin), { error: 'orgEdit.error.social.linkedin' })
              .nullable()
              .default(null),
          ),
          contactInfo: optionalText(profileLimits.freeText),
        }),
        { error: invalid },
      )
      .max(profileLimits.contactPersons, { error: tooMany })
      .default([]),
  }),
  videos: z.object({
    items: z
      .array(
        z.object({
          source: webAddress,
          coverTitle: optionalText(profileLimits.shortText),
          cover: optionalSiteImage,
        }),
        { error: invalid },
      )
      .max(profileLimits.videos, { error: tooMany })
      .default([]),
  }),
  faq: z.object({
    items: z
      .array(
        z.object({
          question: requiredText(profileLimits.shortText * 2),
          answer: requiredText(profileLimits.answer),
        }),
        { error: invalid },
      )
      .max(profileLimits.faq, { error: tooMany })
      .default([]),
  }),
  /** The gallery's uploaded images in their order, with their texts; an image left out is removed. */
  gallery: z.object({
    items: z
      .array(
        z.object({
          url: z.string({ error: invalid }).regex(siteImagePattern, { error: 'orgEdit.error.image' }),
          alt: optionalText(profileLimits.shortText),
          title: optionalText(profileLimits.shortText),
        }),
        { error: invalid },
      )
      .max(profileLimits.gallery, { error: tooMany })
      .default([]),
  }),
} as const;

export type ProfileSectionName = keyof typeof profileSectionSchemas;
export const profileSectionNames = Object.keys(profileSectionSchemas) as ProfileSectionName[];

export type ProfileSectionValues<TName extends ProfileSectionName> = z.output<(typeof profileSectionSchemas)[TName]>;
export type ProfileSectionInput<TName extends ProfileSectionName> = z.input<(typeof profileSectionSchemas)[TName]>;

/** Images a profile has and the one size the server stores each in (the pages' width and height). */
export const organizationImageStyles = {
  /** SPEC section 3: medium squared. */
  logo: { width: 240, height: 240 },
  /** SPEC section 9: teaser image ratio 1000 × 500. */
  cover: { width: 1000, height: 500 },
  gallery: { width: 800, height: 600 },
  contactPhoto: { width: 160, height: 160 },
  /** A video's placeholder until the visitor starts it (16:9). */
  videoCover: { width: 640, height: 360 },
} as const;

export type OrganizationImageKind = keyof typeof organizationImageStyles;
export const organizationImageKinds = Object.keys(organizationImageStyles) as OrganizationImageKind[];

/** An uploaded image is at most this large (before it is re-encoded). */
export const maxOrganizationImageBytes = 10 * 1024 * 1024;
