/** Customers: master data and the snapshot a document keeps of them. Other features import from here, not from the files inside. */
export { type Customer } from './customer'
export { type CustomerCreateInput } from './customer-schemas'
export { requireCustomer } from './require-customer'
