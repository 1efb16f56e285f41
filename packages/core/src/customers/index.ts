/** Customers: master data and the snapshot a document keeps of them. Other features import from here, not from the files inside. */
export { type Customer, SEPA_MANDATE_SEQUENCES, SEPA_MANDATE_TYPES, type SepaMandateSequence, type SepaMandateType } from './customer'
export { type CustomerCreateInput } from './customer-schemas'
export { requireCustomer } from './require-customer'
