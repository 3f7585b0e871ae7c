/**
 * The contact form (issue 16, part 5): its input, shared by the /contact form and the service, the
 * subjects a link may preselect, and the brand's service address. Error messages are message keys.
 */
import { z } from 'zod';
import type { Brand } from '../../../brands/types.ts';

/** The subjects of the form; `?subject=credits` (a zero-balance card) or `subscription` preselect one. */
export const contactSubjects = ['general', 'credits', 'subscription', 'billing', 'technical'] as const;
export type ContactSubject = (typeof contactSubjects)[number];

export function preselectedSubject(value: string | null): ContactSubject {
  return contactSubjects.find((subject) => subject === value) ?? 'general';
}

/** Where the brand's contact messages go: its configured service address, else service@<brand>.example. */
export function serviceAddressOf(brand: Pick<Brand, 'id'> & { serviceEmail?: string }): string {
  return brand.serviceEmail ?? `service@${brand.id}.example`;
}

/** Seconds a person needs at least between loading and sending the form (faster is a bot). */
export const contactMinimumSeconds = 3;

/** Files a visitor may attach to one message (SPEC section 5 bounds their types and their 50 MB in all). */
export const contactMaxAttachments = 10;

/** A file as the form and GraphQL hand it over: checked for type and size by the service. */
export interface ContactFile {
  name: string;
  size: number;
  stream(): ReadableStream<Uint8Array>;
}

const isContactFile = (value: unknown): value is ContactFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<ContactFile>).name === 'string' &&
  typeof (value as Partial<ContactFile>).size === 'number' &&
  typeof (value as Partial<ContactFile>).stream === 'function';

export const contactSchema = z.object({
  name: z
    .string({ error: 'account.error.required' })
    .trim()
    .min(1, { error: 'account.error.required' })
    .max(200, { error: 'account.error.tooLong' }),
  email: z
    .string({ error: 'account.error.emailInvalid' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'account.error.emailInvalid' })
    .pipe(z.email({ error: 'account.error.emailInvalid' })),
  subject: z.enum(contactSubjects, { error: 'commerce.contact.error.subject' }),
  message: z
    .string({ error: 'account.error.required' })
    .trim()
    .min(10, { error: 'commerce.contact.error.message' })
    .max(10_000, { error: 'account.error.tooLong' }),
  sendCopy: z.boolean().default(false),
  /** The honeypot: a field people do not see; anything in it is a bot. */
  website: z.string().max(500).nullish(),
  /** The signed moment the form was shown (contactForm.startToken). */
  startToken: z.string({ error: 'commerce.error.requestKey' }).max(200, { error: 'commerce.error.requestKey' }),
  /** SPEC section 3: the attachments (pdf, jpg, jpeg, png, webp; together at most 50 MB). */
  attachments: z
    .array(z.custom<ContactFile>(isContactFile, { error: 'commerce.contact.error.attachmentType' }))
    .max(contactMaxAttachments, { error: 'commerce.contact.error.attachmentCount' })
    .nullish()
    .transform((files) => files ?? []),
});

export type ContactInput = z.infer<typeof contactSchema>;
