import type { PainVersion } from '../../companies'
import type { CalendarDate } from '../../shared/calendar-date'
import type { CommonExportParameters } from '../export-parameters'

/** The placeholders of `remittanceInformation`, each replaced per invoice. */
export const REMITTANCE_PLACEHOLDERS = ['number', 'customerNumber', 'issueDate'] as const
export const DEFAULT_REMITTANCE_INFORMATION = '{number} {customerNumber}'
/** The most invoices one direct-debit file collects. */
export const MAX_SEPA_INVOICES = 1000

/** A SEPA direct-debit export after the defaults and the company's `sepa` settings. */
export interface SepaExportParameters extends CommonExportParameters {
  invoiceIds: string[]
  collectionDate: CalendarDate
  painVersion: PainVersion
  batchBooking: boolean
  remittanceInformation: string
  allowRepeat: boolean
}
