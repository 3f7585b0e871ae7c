/**
 * The contact form's attachments (SPEC sections 3 and 5): only files whose extension the brand allows
 * (pdf, jpg, jpeg, png, webp), whose first bytes prove that very type and that stay within 50 MB
 * altogether are kept, under generated names outside public/. The stored message lists them, so every
 * delivery attempt (the job runner's retries included) attaches them again.
 */
import type { Brand, Locale } from '../../../../brands/types.ts';
import type { ContactFile } from '../../../lib/commerce/contact.ts';
import type { ContactAttachment } from '../../db/schema/commerce.ts';
import { maxUploadBytes } from '../../http/body-limits.ts';
import { detectFileType, extensionOf, fileTypeHeaderLength } from '../../storage/detect-file-type.ts';
import { FileTooLargeError, peekStream, readFile, removeFile, storeFile } from '../../storage/file-storage.ts';
import type { MailMessage } from '../../mail/send-mail.ts';
import { fieldRefusal } from '../job-posting/job-access.ts';
import { cleanFileName } from '../organizations/add-organization-attachment.ts';

const field = 'attachments';

/** Removes stored attachments (a refused or unsaved message keeps none). */
export async function removeContactAttachments(attachments: readonly ContactAttachment[], directory?: string) {
  for (const attachment of attachments) await removeFile({ key: attachment.key, directory });
}

/**
 * Checks and stores the files; refuses the first bad one with a field error on `attachments` in the
 * visitor's language, and then keeps none of them.
 */
export async function storeContactAttachments(options: {
  files: readonly ContactFile[];
  brand: Brand;
  locale: Locale;
  directory?: string;
}): Promise<ContactAttachment[]> {
  const { files, brand, locale, directory } = options;
  const allowed = brand.constants.attachments.extensions.map((candidate) => candidate.toLowerCase());
  const maxBytes = Math.min(maxUploadBytes, brand.constants.attachments.maxBytes);
  // The cheap checks first, on every file, before a byte is stored.
  for (const file of files) {
    if (!allowed.includes(extensionOf(cleanFileName(file.name)))) {
      throw fieldRefusal(field, 'commerce.contact.error.attachmentType', locale);
    }
    if (file.size === 0) throw fieldRefusal(field, 'commerce.contact.error.attachmentType', locale);
  }
  if (files.reduce((total, file) => total + file.size, 0) > maxBytes) {
    throw fieldRefusal(field, 'commerce.contact.error.attachmentsTooLarge', locale);
  }
  const stored: ContactAttachment[] = [];
  try {
    for (const file of files) {
      const fileName = cleanFileName(file.name);
      const extension = extensionOf(fileName);
      const { head, stream } = await peekStream(file.stream(), fileTypeHeaderLength);
      const type = detectFileType(head);
      if (!type || !type.acceptedExtensions.includes(extension)) {
        await stream.cancel();
        throw fieldRefusal(field, 'commerce.contact.error.attachmentType', locale);
      }
      const used = stored.reduce((total, attachment) => total + attachment.size, 0);
      try {
        const { key, size } = await storeFile({
          data: stream,
          maxBytes: maxBytes - used,
          extension: type.extension,
          directory,
        });
        stored.push({ key, fileName, mimeType: type.mimeType, size });
      } catch (error) {
        if (error instanceof FileTooLargeError) {
          throw fieldRefusal(field, 'commerce.contact.error.attachmentsTooLarge', locale);
        }
        throw error;
      }
    }
    return stored;
  } catch (error) {
    await removeContactAttachments(stored, directory);
    throw error;
  }
}

/** The stored attachments as mail attachments; a missing file fails the attempt (it is retried later). */
export async function mailAttachmentsOf(
  attachments: readonly ContactAttachment[],
  directory?: string,
): Promise<NonNullable<MailMessage['attachments']>> {
  const result: NonNullable<MailMessage['attachments']> = [];
  for (const attachment of attachments) {
    const content = await readFile({ key: attachment.key, directory });
    if (!content) throw new Error(`The attachment ${attachment.key} of a contact message is missing.`);
    result.push({ filename: attachment.fileName, content, contentType: attachment.mimeType });
  }
  return result;
}
