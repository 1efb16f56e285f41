/** Payments recorded against documents, and the balance they leave. Other features import from here, not from the files inside. */
export { balanceOf, exceedsRemaining, settle } from './balance'
export { type Payment } from './payment'
export { recordPayment, type PaymentChange } from './payment-service'
export { PaymentCreateSchema, type PaymentCreateFields } from './payment-schemas'
