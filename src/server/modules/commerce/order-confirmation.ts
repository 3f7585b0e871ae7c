import type { Brand, Locale } from '../../../../brands/types.ts';
import { createTranslator } from '../../../i18n/index.ts';
import { formatPrice } from '../../../lib/commerce/checkout.ts';
import type { Order, OrderLine } from '../../db/schema/commerce.ts';
import { logUnexpected } from '../../log.ts';
import { sendMail } from '../../mail/send-mail.ts';

/**
 * The order confirmation as a PDF (pdfkit's built-in Helvetica, so no font is loaded at run time). pdfkit
 * and its font machinery (fontkit, a brotli decoder: about 3 MB of source and their objects) are imported
 * on the first order, not by every server process at start-up (issue 12, memory).
 */
export async function orderConfirmationPdf(options: {
  order: Order;
  lines: readonly OrderLine[];
  brand: Brand;
  locale: Locale;
}): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { order, lines, brand, locale } = options;
  const t = createTranslator(locale);
  const price = (cents: number) => formatPrice(cents, order.currency, locale, brand.currencyPlacement);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${brand.name} ${order.number}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(brand.name);
    doc
      .moveDown()
      .fontSize(14)
      .text(t('commerce.pdf.title', { number: order.number }));
    doc.fontSize(10).text(t('commerce.pdf.date', { date: order.createdAt.toISOString().slice(0, 10) }));
    const billing = order.billing;
    doc
      .moveDown()
      .text(
        [
          billing.companyName,
          `${billing.firstName} ${billing.lastName}`,
          billing.addressLine1,
          billing.addressLine2,
          `${billing.postalCode} ${billing.locality}`,
          billing.countryCode,
          billing.vatNumber ? t('commerce.pdf.vatNumber', { vatNumber: billing.vatNumber }) : null,
        ]
          .filter(Boolean)
          .join('\n'),
      );
    doc.moveDown();
    for (const line of lines) {
      doc.text(`${line.quantity} × ${line.name}: ${price(line.netCents)}`);
    }
    doc.moveDown();
    doc.text(`${t('commerce.net')}: ${price(order.netCents)}`);
    doc.text(`${t('commerce.vat', { rate: order.vatRatePercent })}: ${price(order.vatCents)}`);
    doc.fontSize(12).text(`${t('commerce.gross')}: ${price(order.grossCents)}`);
    doc.moveDown().fontSize(10).text(t('commerce.pdf.invoiceNote'));
    doc.end();
  });
}

/**
 * Mails the order confirmation with its PDF to the billing address. A failure is logged, not thrown: the
 * order stands, and staff see it in their list.
 */
export async function sendOrderConfirmation(options: {
  order: Order;
  lines: readonly OrderLine[];
  brand: Brand;
  locale: Locale;
}): Promise<void> {
  const { order, brand, locale } = options;
  const t = createTranslator(locale);
  try {
    const pdf = await orderConfirmationPdf(options);
    const params = {
      brand: brand.name,
      number: order.number,
      gross: formatPrice(order.grossCents, order.currency, locale, brand.currencyPlacement),
    };
    await sendMail({
      to: order.billing.email,
      subject: t('commerce.mail.subject', params),
      text: t('commerce.mail.text', params),
      attachments: [{ filename: `${order.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    logUnexpected('commerce', `order confirmation mail for ${order.number} failed`, error);
  }
}
