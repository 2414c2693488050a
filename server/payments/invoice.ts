/** The offline invoice provider's paperwork: the invoice number and the mail that carries the invoice. */
import { formatMoney } from '../../core/format/money';
import { paymentTexts } from '../../core/i18n/payments';
import type { OutgoingMail } from '../mail/outbox';
import type { OrderToCollect } from './provider';

/** INV-2026-000042: the year the order was made and its id. */
export const invoiceNumber = (orderId: number, createdAt: Date) => `INV-${createdAt.getUTCFullYear()}-${String(orderId).padStart(6, '0')}`;

export function invoiceMail(order: OrderToCollect): OutgoingMail {
  const number = invoiceNumber(order.id, order.createdAt);
  const amount = `${formatMoney(order.amountInPennies, order.currencyCode)} ${order.currencyCode}`;
  return {
    to: order.customer.email,
    subject: paymentTexts.invoiceSubject(number),
    body: [
      `Hello ${order.customer.name},`,
      '',
      `thank you for choosing the ${order.tierName} tier for your ${order.applicationTypeName} (case ${order.caseId}).`,
      '',
      `Invoice number: ${number}`,
      `Date: ${order.createdAt.toISOString().slice(0, 10)}`,
      `Item: ${order.tierName} tier, ${order.applicationTypeName}`,
      `Amount due: ${amount}`,
      '',
      `Please pay by bank transfer within 14 days, with ${number} as the reference. Your case moves to the ${order.tierName} tier as soon as the payment is recorded.`,
    ].join('\n'),
  };
}
