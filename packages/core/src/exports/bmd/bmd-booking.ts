import type { EffectiveBmdSettings } from '../../companies'
import { kindOf } from '../../sales-documents'
import { daysBetween, type CalendarDate } from '../../shared/calendar-date'
import { windows1252Text } from '../encoding/windows-1252'
import type { ExportFindings, FindingSubject } from '../export-findings'
import type { InvoiceRecord } from '../export-sources'
import { taxGroupsOf, type TaxGroup } from '../tax-groups'
import { digitsOf, oneLine } from './bmd-values'

/** BMD's booking text holds at most this many characters. */
export const MAX_BMD_TEXT = 60

/** One line of the BMD file: a tax group of a document with what BMD books it on. */
export interface BmdBooking {
  debtorAccount: string
  revenueAccount: string
  /** belegnr: the digits of the number, or the number as it is. */
  documentNumber: string
  issueDate: CalendarDate
  postingSymbol: string
  taxCode: string
  group: TaxGroup
  /** Customer name, a space, the number; at most 60 characters. */
  text: string
  /** extbelegnr: the full number. */
  externalNumber: string
  /** dueDate − issueDate; null for documents the customer does not pay (credit notes). */
  paymentTermDays: number | null
}

export type BmdBookingSettings = Pick<EffectiveBmdSettings, 'defaultDebtorAccount' | 'revenueAccounts' | 'taxCodes' | 'postingSymbols' | 'documentNumberMode'>

/**
 * The bookings of one document, one per tax group (rate descending), or none when a setting it
 * needs is missing: the problem is reported, and the caller reads on to find every other one.
 * Texts are reduced to what Windows-1252 can write here, so a replaced character is reported
 * with the document and the column it is in.
 */
export function bmdBookingsOf({ invoice, customer }: InvoiceRecord, settings: BmdBookingSettings, findings: ExportFindings): BmdBooking[] {
  const document: FindingSubject = { id: invoice.id, number: invoice.number }
  const writable = (text: string, column: string): string => {
    const written = windows1252Text(oneLine(text))
    if (written.replaced) {
      findings.warning('characters_replaced', `${column}: characters Windows-1252 cannot write were replaced by ?`, { document, field: column })
    }
    return written.text
  }
  let complete = true

  const debtorAccount = customer?.ledgerAccount ?? settings.defaultDebtorAccount
  if (debtorAccount === null) {
    complete = false
    findings.problem('debtor_account_missing',
      `Customer ${customer?.name ?? invoice.customerId} has no ledgerAccount and no bmd.defaultDebtorAccount is set`, { field: 'defaultDebtorAccount' })
  }

  const groups = taxGroupsOf(invoice)
  const taxCodes = groups.map(({ taxCase }) => {
    const taxCode = settings.taxCodes[taxCase]
    if (taxCode === undefined) {
      complete = false
      findings.problem('bmd_tax_code_missing', `No BMD Steuercode is set for the tax case ${taxCase}`, { field: `taxCodes.${taxCase}` })
    }
    return taxCode
  })
  if (!complete || debtorAccount === null) return []

  const number = writable(invoice.number, 'extbelegnr')
  const name = writable(customer?.name ?? '', 'text')
  const text = bookingText(name, number)
  if (text !== `${name} ${number}`) {
    findings.warning('text_truncated', `text: shortened to ${MAX_BMD_TEXT} characters`, { document, field: 'text' })
  }
  const shared = {
    debtorAccount,
    documentNumber: settings.documentNumberMode === 'DIGITS_ONLY' ? digitsOf(number) : number,
    issueDate: invoice.issueDate,
    // Booked documents are invoices and credit notes (proformas are never booked).
    postingSymbol: settings.postingSymbols[invoice.documentType as keyof BmdBookingSettings['postingSymbols']],
    text,
    externalNumber: number,
    paymentTermDays: kindOf(invoice).settlement === 'payments' ? daysBetween(invoice.issueDate, invoice.dueDate) : null,
  }
  return groups.map((group, index) => ({
    ...shared,
    group,
    revenueAccount: settings.revenueAccounts[group.taxCase] ?? settings.revenueAccounts.DEFAULT ?? '',
    taxCode: taxCodes[index]!,
  }))
}

/** `name number`, the name shortened so that the number (which identifies the booking) stays whole. */
function bookingText(name: string, number: string): string {
  const full = `${name} ${number}`
  if ([...full].length <= MAX_BMD_TEXT) return full
  const room = MAX_BMD_TEXT - 1 - [...number].length
  if (room <= 0) return [...number].slice(0, MAX_BMD_TEXT).join('')
  return `${[...name].slice(0, room).join('').trimEnd()} ${number}`
}
