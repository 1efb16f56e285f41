/** Quotes, order confirmations, delivery notes and orders: the order process before the invoice, and conversions down to it. */
export * from './order-document'
