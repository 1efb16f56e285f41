import type { Company } from '../companies'
import type { Customer } from '../customers'
import { InvoicingError } from '../errors'
import type { IdGenerator } from '../ports/ids'
import type { StorageTx } from '../ports/storage'
import { withChanges } from '../shared/changes'
import { canonicalJson } from '../shared/canonical-json'
import type { TaxSituationInput } from '../tax'
import { requireCategory } from '../categories'
import { assertCreditsAnAmount, assertCreditWithinInvoice, refuseInheritedChanges } from '../credit-notes'
import type { CreditNoteReason, Invoice } from './invoice'
import { type DocumentLine, draftLines, draftsOf, priceDocument, signedFor, assertDateOrder, creditsPreceding, kindOf } from '../sales-documents'
import type { InvoiceUpdateFields } from './invoice-schemas'

export type ContentChanges = Omit<InvoiceUpdateFields, 'status'> & {
  /** Credit notes only (PUT /credit-notes/{id}). */
  creditNoteReason?: CreditNoteReason | undefined
}

export const TAX_FIELDS = ['reverseCharge', 'taxExemptionReason', 'taxCountry', 'deliveryCountry', 'ossApplicable', 'ossCountry'] as const

/**
 * The lines as a reader of the document compares them: what they say, not their ids, the order
 * of their fields, or whether a rate was given or defaulted (19 given = 19 as the standard rate).
 */
const comparable = (lines: readonly DocumentLine[]) => canonicalJson(lines.map(({ id: _, requestedTaxRate: __, ...line }) => line))

/**
 * The tax values to decide from after a change: the document's stored ones, overlaid with the
 * changes. A value that follows from a changed one is derived again instead of kept (changing
 * `reverseCharge` alone re-derives the exemption reason, changing `ossApplicable` the country).
 */
export function givenTaxValues(
  current: Pick<Invoice, (typeof TAX_FIELDS)[number]>, changes: Partial<Pick<ContentChanges, (typeof TAX_FIELDS)[number]>>,
): TaxSituationInput['given'] {
  const given: TaxSituationInput['given'] = { ...Object.fromEntries(TAX_FIELDS.map((field) => [field, current[field]])) }
  for (const field of TAX_FIELDS) {
    if (changes[field] !== undefined) Object.assign(given, { [field]: changes[field] })
  }
  if (changes.reverseCharge !== undefined && changes.taxExemptionReason === undefined) given.taxExemptionReason = undefined
  if (changes.taxExemptionReason !== undefined && changes.reverseCharge === undefined) given.reverseCharge = undefined
  if (changes.ossApplicable !== undefined || changes.taxExemptionReason !== undefined || changes.reverseCharge !== undefined) {
    if (changes.ossCountry === undefined) given.ossCountry = undefined
    if (changes.taxCountry === undefined) given.taxCountry = undefined
    if (changes.ossApplicable === undefined) given.ossApplicable = undefined
  }
  return given
}

export interface EditResult {
  invoice: Invoice
  /** The fields given whose value differs from the stored one. */
  changedFields: string[]
}

/** The invoice a credit note credits (linked mode), whose tax details and date it is priced by. */
async function creditedInvoiceOf(tx: StorageTx, invoice: Invoice): Promise<Invoice | undefined> {
  const preceding = invoice.precedingDocument
  if (!creditsPreceding(preceding) || invoice.creditNoteReason === 'CANCELLATION') return undefined
  return tx.invoices.get(invoice.companyId, preceding.id)
}

/**
 * The document with `changes` applied and priced again, and which given fields actually
 * change something. Nothing is stored: the caller decides whether the document may change.
 * A linked credit note keeps the tax details of the invoice it credits, is priced as of that
 * invoice's date, and may not credit more than it.
 */
export async function applyContentChanges(
  tx: StorageTx,
  company: Company,
  customer: Customer,
  current: Invoice,
  changes: ContentChanges,
  ids: IdGenerator,
): Promise<EditResult> {
  const { lines, ...fields } = changes
  const credited = await creditedInvoiceOf(tx, current)
  if (credited) refuseInheritedChanges(changes, credited)
  // A linked credit note's tax values are the invoice's: given equal, they change nothing.
  const taxChanged = !credited && TAX_FIELDS.some((field) => changes[field] !== undefined)
  let invoice = withChanges(current, fields)
  if (lines || taxChanged) {
    const drafts = lines ? signedFor(kindOf(current).sign, await draftLines(tx.products, company.id, lines)) : draftsOf(current.lines)
    invoice = credited
      ? { ...invoice, ...priceDocument(company, customer, credited.issueDate, givenTaxValues(credited, {}), drafts, ids) }
      : { ...invoice, ...priceDocument(company, customer, current.issueDate, givenTaxValues(current, changes), drafts, ids) }
  }
  const changedFields = Object.entries(changes)
    .filter(([field, value]) => value !== undefined && (field === 'lines'
      ? comparable(invoice.lines) !== comparable(current.lines)
      : canonicalJson(value) !== canonicalJson(current[field as keyof Invoice])))
    .map(([field]) => field)
  if (changedFields.length === 0) return { invoice: current, changedFields }
  if (changes.documentCategoryId != null && changes.documentCategoryId !== current.documentCategoryId) {
    await requireCategory(tx, company.id, changes.documentCategoryId)
  }
  assertDateOrder(invoice)
  // A document stored negative (a credit note) must still credit an amount, and no more than it may.
  if (kindOf(invoice).sign === -1 && invoice.grossTotal !== current.grossTotal) {
    assertCreditsAnAmount(invoice)
    if (credited) await assertCreditWithinInvoice(tx, invoice, credited)
  }
  return { invoice, changedFields }
}

export const contentLocked = (invoice: Invoice, lockedFields: string[]) => invoice.payout?.status === 'APPROVED' && !invoice.lockedAt
  ? new InvoicingError(
    'content_locked',
    `The payout of ${invoice.number} is APPROVED, so its content cannot change; withdraw the approval first (PUT /api/v1/credit-notes/${invoice.id}/payout with status PENDING)`,
    { lockedFields },
  )
  : new InvoicingError(
    'content_locked',
    `${invoice.number} is ${invoice.lockedAt ? 'locked' : invoice.status}; its content cannot change. Correct it with POST /api/v1/invoices/${invoice.id}/correct`,
    { lockedFields, correctionEndpoint: `/api/v1/invoices/${invoice.id}/correct` },
  )
