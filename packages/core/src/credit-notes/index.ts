/** Credit notes: what a credit note may credit, and payouts of credit. Other features import from here, not from the files inside. */
export { assertCreditsAnAmount, assertCreditsWithinCorrection, assertCreditWithinInvoice, creditNotesOf, liveCreditNotesOf, refuseInheritedChanges } from './linked-credit'
export { type CreditNotePayout, type PayoutStatus } from './payout'
