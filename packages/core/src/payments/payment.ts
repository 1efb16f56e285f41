import type { CalendarDate } from '../shared/calendar-date'

/** How a payment arrived. Input ignores case and reads a hyphen as an underscore (`bank-transfer`). */
export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CASH', 'CREDIT_CARD', 'PAYPAL', 'OTHER'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Money received for a document. Amounts are exact decimal strings, always positive. */
export interface Payment {
  id: string
  companyId: string
  /** The document the payment settles. */
  invoiceId: string
  amount: string
  paymentDate: CalendarDate
  paymentMethod: PaymentMethod
  reference: string | null
  notes: string | null
  /**
   * The proforma this payment was recorded on before the proforma was converted into the
   * invoice that holds it now (it returns there when the invoice is cancelled).
   */
  movedFromInvoiceId: string | null
  createdAt: string
  updatedAt: string
}
