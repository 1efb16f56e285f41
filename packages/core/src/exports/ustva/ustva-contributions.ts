import type Decimal from 'decimal.js'
import type { Company, OtherExemptionKz, VatReturnBasis } from '../../companies'
import type { Customer } from '../../customers'
import type { Invoice, InvoiceStatus } from '../../invoices'
import type { StorageReader } from '../../ports/storage'
import { kindOf } from '../../sales-documents'
import type { CalendarDate } from '../../shared/calendar-date'
import { Exact, round2, type TaxCase } from '../../tax'
import type { ExportFindings } from '../export-findings'
import { bookedDocumentRecords, paymentRecords } from '../export-sources'
import { taxGroupsOf, type TaxGroup } from '../tax-groups'
import { destinationOf, type Destination } from './kennzahlen'
import { isWithin, readWindowOf, type UstvaPeriodRange } from './ustva-period'

/** What one document adds to one Kennzahl (or to the excluded sums) of the period. */
export interface Contribution {
  document: Pick<Invoice, 'id' | 'number' | 'issueDate'>
  destination: Destination
  /** Exact, 2 decimals; negative for credit notes. */
  base: Decimal
  tax: Decimal
}

export interface ContributionRules extends UstvaPeriodRange {
  basis: VatReturnBasis
  otherExemptionKz: OtherExemptionKz
}

/** The documents a VAT return declares: invoices and credit notes (cancellations included), issued and not drafts. */
const BOOKED_DOCUMENT_TYPES = ['INVOICE', 'CREDIT_NOTE'] as const
const BOOKED_STATUSES: readonly InvoiceStatus[] = ['FINAL', 'SENT', 'PAID', 'OVERDUE', 'CANCELLED']
const isBooked = (document: Invoice): boolean =>
  (BOOKED_DOCUMENT_TYPES as readonly string[]).includes(document.documentType) && document.numberIssued && BOOKED_STATUSES.includes(document.status)

/** Declared by the date of the document also under the cash basis (**unverified**: to confirm with the Anleitung). */
const ACCRUAL_CASES_UNDER_CASH: readonly TaxCase[] = ['INTRA_COMMUNITY', 'REVERSE_CHARGE_EU']
/** Cases the form asks for with the customer's VAT id. */
const CASES_NEEDING_VAT_ID: readonly TaxCase[] = ['INTRA_COMMUNITY', 'REVERSE_CHARGE_EU']

const isCreditNote = (document: Invoice): boolean => kindOf(document).sign < 0

/**
 * The date that puts a group of a document into a period by the accrual rule (Soll): the end
 * of the service, else the issue date; an intra-Community supply by the issue date (the form
 * asks for it in the period the invoice is issued); a credit note by its own issue date (§ 17
 * UStG: the correction belongs to the period in which it is made).
 */
export function accrualDateOf(document: Invoice, taxCase: TaxCase): CalendarDate {
  if (isCreditNote(document) || taxCase === 'INTRA_COMMUNITY') return document.issueDate
  return document.servicePeriodEnd ?? document.issueDate
}

/**
 * Whether a group is declared when it is paid (cash basis, Ist, § 20 UStG): the groups of
 * invoices, except intra-Community supplies and EU reverse-charge services, which stay on the
 * accrual rule, and credit notes, which are declared by their issue date.
 */
const countedByPayments = (basis: VatReturnBasis, document: Invoice, group: TaxGroup): boolean =>
  basis === 'CASH' && !isCreditNote(document) && !ACCRUAL_CASES_UNDER_CASH.includes(group.taxCase)

/**
 * Everything the period's return declares, one contribution per document and tax group: first
 * the documents declared by their dates, read as a stream from the window of issue dates that
 * can hold them, then (cash basis) the payments of the period, each split over the paid
 * document's groups in proportion to their gross. What a document cannot be declared with is a
 * problem, what the reader should know a warning.
 */
export async function* contributionsOf(
  reader: StorageReader, company: Company, rules: ContributionRules, findings: ExportFindings,
): AsyncGenerator<Contribution> {
  const { basis, otherExemptionKz } = rules
  const contributionOf = (document: Invoice, group: TaxGroup, base: Decimal, tax: Decimal): Contribution => ({
    document, destination: destinationOf(group.taxCase, group.taxRate, otherExemptionKz), base, tax,
  })

  const window = readWindowOf(rules)
  for await (const { invoice, customer } of bookedDocumentRecords(reader, company.id, { ...window, documentTypes: BOOKED_DOCUMENT_TYPES })) {
    const groups = taxGroupsOf(invoice)
      .filter((group) => !countedByPayments(basis, invoice, group) && isWithin(accrualDateOf(invoice, group.taxCase), rules))
    if (groups.length === 0) continue
    noteFindings(invoice, groups, customer, basis, findings)
    for (const group of groups) yield contributionOf(invoice, group, new Exact(group.net), new Exact(group.tax))
  }

  if (basis !== 'CASH') return
  for await (const { payment, invoice } of paymentRecords(reader, company.id, rules.periodStart, rules.periodEnd)) {
    if (!isBooked(invoice)) continue
    const gross = new Exact(invoice.grossTotal)
    const groups = taxGroupsOf(invoice).filter((group) => countedByPayments(basis, invoice, group))
    if (groups.length === 0 || gross.isZero()) continue
    noteFindings(invoice, groups, undefined, basis, findings)
    // The payment's share of each group: payment × group / document gross, net and tax alike.
    const share = (amount: string) => round2(new Exact(payment.amount).times(amount).dividedBy(gross))
    for (const group of groups) yield contributionOf(invoice, group, share(group.net), share(group.tax))
  }
}

/** The problems and warnings of a document that contributes. */
function noteFindings(document: Invoice, groups: readonly TaxGroup[], customer: Customer | undefined, basis: VatReturnBasis, findings: ExportFindings): void {
  const subject = { document: { id: document.id, number: document.number } }
  if (document.currency !== 'EUR') {
    findings.problem('currency_not_supported', `${document.number} is in ${document.currency}; the VAT return declares euros only`, { ...subject, field: 'currency' })
  }
  if (basis === 'CASH' && isCreditNote(document)) {
    findings.warning('cash_basis_credit_note', `${document.number} is a credit note: under the cash basis it is declared by its issue date ${document.issueDate}, not by when the money was paid back`, subject)
  }
  const needsVatId = groups.some((group) => CASES_NEEDING_VAT_ID.includes(group.taxCase))
  if (needsVatId && customer !== undefined && !customer.vatId) {
    findings.warning('vat_id_missing', `${document.number} is declared as an EU sale to a customer without a VAT id`, { ...subject, field: 'customer.vatId' })
  }
}
