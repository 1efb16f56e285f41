import type Decimal from 'decimal.js'
import type { Actor } from '../access'
import { InvoicingError, notFound } from '../errors'
import type { Invoice } from '../invoices'
import { type DocumentLine, type LineDraft, linkedDraftsOf, quantitiesTakenFrom, kindOf } from '../sales-documents'
import type { StorageReader } from '../ports/storage'
import { Exact, formatMoney, round2 } from '../tax'

/** The statuses an invoice can be credited in: it reached the customer. */
export const CREDITABLE_STATUSES = ['SENT', 'PAID', 'OVERDUE'] as const

/** The fields a linked credit note takes from the invoice it credits, never from the request. */
export const INHERITED_FIELDS = [
  'reverseCharge', 'taxExemptionReason', 'taxCountry', 'deliveryCountry', 'ossApplicable', 'ossCountry', 'currency', 'documentCategoryId',
] as const satisfies readonly (keyof Invoice)[]

export type InheritedField = (typeof INHERITED_FIELDS)[number]

/**
 * The invoice a linked credit note credits: 404 when missing or foreign, 400 for a proforma or
 * credit note, 409 unless it is SENT, PAID or OVERDUE.
 */
export async function requireCreditableInvoice(reader: Pick<StorageReader, 'invoices'>, actor: Actor, id: string): Promise<Invoice> {
  const invoice = await reader.invoices.get(actor.companyId, id)
  if (!invoice) throw notFound('Invoice to credit (parent_invoice_id)')
  if (!kindOf(invoice).creditable) {
    throw new InvoicingError('validation_failed', `parent_invoice_id: ${invoice.number} is a ${invoice.documentType}; only invoices can be credited`, { field: 'parent_invoice_id' })
  }
  if (!(CREDITABLE_STATUSES as readonly string[]).includes(invoice.status)) {
    throw new InvoicingError('status_conflict', `${invoice.number} is ${invoice.status}; only ${CREDITABLE_STATUSES.join(', ')} invoices can be credited`, {
      status: invoice.status,
    })
  }
  return invoice
}

/** 400 when a request gives an inherited field a value other than the credited invoice's. */
export function refuseInheritedChanges(given: Partial<Record<InheritedField, unknown>>, source: Invoice): void {
  for (const field of INHERITED_FIELDS) {
    const value = given[field]
    if (value === undefined || value === source[field]) continue
    throw new InvoicingError('validation_failed', `${field}: a credit note takes it from the invoice it credits (${source.number}: ${JSON.stringify(source[field])})`, { field })
  }
}

export interface PartialLine {
  lineId: string
  quantity: string
}

/**
 * The lines of `source` a partial credit names, in the source's order, each with the quantity
 * credited and its discount in proportion. A percent discount of the invoice below a named line
 * comes along, as the customer paid those lines less it. Quantities are positive here, as a
 * request gives them.
 */
export function partialDrafts(source: Invoice, partial: readonly PartialLine[]): LineDraft[] {
  const wanted = new Map<string, string>()
  partial.forEach(({ lineId, quantity }, index) => {
    const field = `partial_lines.${index}`
    const line = source.lines.find((each) => each.id === lineId)
    if (!line) throw new InvoicingError('validation_failed', `${field}.line_id: ${lineId} is not a line of ${source.number}`, { field: `${field}.line_id` })
    if (wanted.has(lineId)) throw new InvoicingError('validation_failed', `${field}.line_id: line ${lineId} is named twice`, { field: `${field}.line_id` })
    if (new Exact(quantity).gt(new Exact(line.quantity).abs())) {
      throw new InvoicingError('validation_failed', `${field}.quantity: at most the invoiced quantity ${line.quantity}`, { field: `${field}.quantity` })
    }
    wanted.set(lineId, quantity)
  })
  const firstNamed = source.lines.findIndex((line) => wanted.has(line.id))
  const chosen = source.lines.filter((line, index) => wanted.has(line.id) || (line.lineType === 'DISCOUNT_PERCENT' && index > firstNamed))
  return linkedDraftsOf(chosen).map((draft, index) => {
    const line = chosen[index]!
    return wanted.has(line.id) ? { ...draft, ...partOf(line, wanted.get(line.id)!) } : draft
  })
}

const partOf = (line: DocumentLine, quantity: string): Pick<LineDraft, 'quantity' | 'discount'> => {
  const share = new Exact(quantity).dividedBy(line.quantity)
  return { quantity, discount: share.eq(1) ? line.discount : formatMoney(round2(new Exact(line.discount).times(share))) }
}

export const isCreditNote = (document: Pick<Invoice, 'documentType'>): boolean => document.documentType === 'CREDIT_NOTE'

/** The credit notes of an invoice (its cancellation credit note among them), oldest first. */
export const creditNotesOf = async (reader: Pick<StorageReader, 'invoices'>, invoice: Invoice): Promise<Invoice[]> =>
  (await reader.invoices.listDerived(invoice.companyId, invoice.id)).filter(isCreditNote)

/** The credit notes crediting `source` that still count: not cancelled, no cancellation. */
export const liveCreditNotesOf = async (reader: Pick<StorageReader, 'invoices'>, source: Invoice): Promise<Invoice[]> =>
  (await creditNotesOf(reader, source)).filter((note) => note.status !== 'CANCELLED' && note.creditNoteReason !== 'CANCELLATION')

const amountLines = (invoice: Invoice) => invoice.lines.filter((line) => line.taxCategory !== null).length

/** What `notes` credit together (positive). */
const creditedAmountOf = (notes: readonly Invoice[]): Decimal => notes.reduce((total, note) => total.plus(new Exact(note.grossTotal).abs()), new Exact(0))

/** Partial credits round each line on their own: a cent per credited line may go beyond the invoice. */
const roundingAllowanceOf = (notes: readonly Invoice[]): Decimal => new Exact('0.01').times(notes.reduce((count, note) => count + amountLines(note), 0))

/**
 * 409 `credit_exceeds_invoice` when the credit notes of an invoice (drafts included,
 * cancelled ones not) would credit more than its gross total. Partial credits round each line
 * on their own, so the sum may exceed the total by a cent per credited line (three credits of
 * one unit each of 3 × 0.35 are 0.42 each, the invoice 1.25).
 */
export async function assertCreditWithinInvoice(reader: Pick<StorageReader, 'invoices'>, creditNote: Invoice, source: Invoice): Promise<void> {
  const others = (await liveCreditNotesOf(reader, source)).filter((note) => note.id !== creditNote.id)
  assertLinesWithinInvoice(creditNote, others, source)
  const creditable = new Exact(source.grossTotal).minus(creditedAmountOf(others))
  if (new Exact(creditNote.grossTotal).abs().lte(creditable.plus(roundingAllowanceOf([...others, creditNote])))) return
  throw new InvoicingError('credit_exceeds_invoice', `${source.number} can be credited by at most ${formatMoney(creditable)} ${source.currency} more; this credit note is ${formatMoney(new Exact(creditNote.grossTotal).abs())}`, {
    creditableAmount: Number(formatMoney(creditable)),
    creditNoteIds: others.map((note) => note.id),
  })
}

/**
 * 409 `credit_exceeds_invoice` when a line of `creditNote` credits more of an invoice line than
 * the other live credit notes left of it (two partial credits of 2 of 3 hours are one too many,
 * even where the invoice's total would still allow them).
 */
function assertLinesWithinInvoice(creditNote: Invoice, others: readonly Invoice[], source: Invoice): void {
  const creditedBefore = quantitiesTakenFrom(others)
  const creditedNow = quantitiesTakenFrom([creditNote])
  for (const [lineId, quantity] of creditedNow) {
    const line = source.lines.find((each) => each.id === lineId)
    if (!line) continue
    const creditable = new Exact(line.quantity).abs().minus(creditedBefore.get(lineId) ?? new Exact(0))
    if (quantity.lte(creditable)) continue
    const lineIndex = source.lines.indexOf(line)
    throw new InvoicingError('credit_exceeds_invoice', `line ${lineId} of ${source.number} can be credited by at most ${creditable.toFixed()} more; this credit note credits ${quantity.toFixed()}`, {
      lineId, lineIndex, creditableQuantity: Number(creditable.toFixed()),
      creditNoteIds: others.filter((note) => note.lines.some((each) => each.sourceLineId === lineId)).map((note) => note.id),
    })
  }
}

/** 400 unless the credit note credits something: its total below zero (positive `CREDIT` lines would make it a charge). */
export function assertCreditsAnAmount(creditNote: Invoice): void {
  if (new Exact(creditNote.grossTotal).isNegative()) return
  throw new InvoicingError('validation_failed', `lines: a credit note must credit an amount; these lines total ${creditNote.grossTotal}`, { field: 'lines' })
}

/**
 * 409 `credit_exceeds_invoice` when a correction of `corrected` would leave its live credit
 * notes crediting more than the invoice: every line they credit must stay, with at least the
 * quantity credited (lines a correction replaces are new lines), and the corrected total must
 * still cover what they credit (a cent of rounding per credited line, as on creation).
 */
export async function assertCreditsWithinCorrection(reader: Pick<StorageReader, 'invoices'>, corrected: Invoice): Promise<void> {
  const notes = await liveCreditNotesOf(reader, corrected)
  const crediting = (lineId: string) => notes.filter((note) => note.lines.some((line) => line.sourceLineId === lineId)).map((note) => note.id)
  for (const [lineId, quantity] of quantitiesTakenFrom(notes)) {
    const line = corrected.lines.find((each) => each.id === lineId)
    if (line && quantity.lte(new Exact(line.quantity).abs())) continue
    throw new InvoicingError('credit_exceeds_invoice', `Credit notes credit ${quantity.toFixed()} of line ${lineId} of ${corrected.number}; the correction must keep that line with at least this quantity, or those credit notes must be cancelled first`, {
      lineId, creditNoteIds: crediting(lineId),
    })
  }
  const credited = creditedAmountOf(notes)
  if (credited.lte(new Exact(corrected.grossTotal).plus(roundingAllowanceOf(notes)))) return
  throw new InvoicingError('credit_exceeds_invoice', `Credit notes credit ${formatMoney(credited)} ${corrected.currency} of ${corrected.number}; the corrected total ${corrected.grossTotal} would be less`, {
    creditedAmount: Number(formatMoney(credited)),
    creditNoteIds: notes.map((note) => note.id),
  })
}
