import { bmdDate, bmdNegated, bmdNumber } from './bmd-values'
import type { BmdBooking } from './bmd-booking'

/**
 * The columns of BMD's variable booking import ("Import Buchungen"), in file order, each with
 * its value. The header row carries these names: an import model at the accountant's office
 * maps them once, by name.
 */
export const BMD_COLUMNS = [
  /** 0: a Fibu booking. */
  ['satzart', () => '0'],
  /** The customer's personal account (Debitor). */
  ['konto', (booking) => booking.debtorAccount],
  /** The revenue account of the tax case. */
  ['gkonto', (booking) => booking.revenueAccount],
  ['belegnr', (booking) => booking.documentNumber],
  ['belegdatum', (booking) => bmdDate(booking.issueDate)],
  ['buchdatum', (booking) => bmdDate(booking.issueDate)],
  ['buchsymbol', (booking) => booking.postingSymbol],
  /** 1: Soll, on the debtor account; the sign of betrag gives the direction. */
  ['buchcode', () => '1'],
  ['prozent', (booking) => bmdNumber(booking.group.taxRate)],
  ['steuercode', (booking) => booking.taxCode],
  /** Gross: an invoice positive, a credit note negative. */
  ['betrag', (booking) => bmdNumber(booking.group.gross)],
  /** The tax with the opposite sign of betrag. */
  ['steuer', (booking) => bmdNegated(booking.group.tax)],
  ['text', (booking) => booking.text],
  ['extbelegnr', (booking) => booking.externalNumber],
  /** Payment term in days; empty for documents the customer does not pay. */
  ['zziel', (booking) => booking.paymentTermDays === null ? '' : String(booking.paymentTermDays)],
] as const satisfies readonly (readonly [string, (booking: BmdBooking) => string])[]

export const BMD_HEADER: readonly string[] = BMD_COLUMNS.map(([name]) => name)

/** The fields of one booking line in column order. */
export const bmdFieldsOf = (booking: BmdBooking): string[] => BMD_COLUMNS.map(([, value]) => value(booking))
