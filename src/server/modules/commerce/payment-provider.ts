/**
 * Where a payment provider plugs in (decision 0020). Today every order is paid by invoice: placing it asks
 * for nothing, and staff confirm it when the transfer arrived (the German B2B norm). A card or wallet
 * provider later implements this interface: it starts a payment on the provider's hosted page (this site
 * never sees card data) and, on the provider's signed callback, names the order it paid, which is then
 * confirmed by the same `confirmOrder` staff use (books once, whoever confirms first).
 */
import type { Order } from '../../db/schema/commerce.ts';

export interface PaymentStart {
  /** The provider's hosted payment page to send the buyer to; null when nothing is to be paid online. */
  redirectUrl: string | null;
}

export interface PaymentNotice {
  orderNumber: string;
  /** True once the provider guarantees the money (a captured card payment, a settled transfer). */
  paid: boolean;
}

export interface PaymentProvider {
  /** Stored on the order (orders.payment_provider). */
  readonly id: string;
  /** Called after the order is stored. */
  start(order: Order): Promise<PaymentStart>;
  /** Checks the provider's callback (its signature) and says which order it is about. */
  verifyCallback(request: Request): Promise<PaymentNotice>;
}

/** Payment by invoice: nothing online; staff confirm the order. */
export const invoicePayment: PaymentProvider = {
  id: 'invoice',
  start: () => Promise.resolve({ redirectUrl: null }),
  verifyCallback: () => Promise.reject(new Error('Invoice payments have no callback; staff confirm the order.')),
};

export const paymentProviders: Record<string, PaymentProvider> = { [invoicePayment.id]: invoicePayment };
