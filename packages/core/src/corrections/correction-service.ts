import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { requireCustomer } from '../customers'
import { InvoicingError } from '../errors'
import { assertCreditsWithinCorrection } from '../credit-notes'
import { assertDateOrder, draftLines, draftsOf, priceDocument, kindNameOf, kindOf } from '../sales-documents'
import { loadDocumentParts, requireInvoice, givenTaxValues, TAX_FIELDS, type Invoice, emitInvoiceEvent } from '../invoices'
import type { CoreDeps } from '../ports/deps'
import { canonicalJson } from '../shared/canonical-json'
import { withChanges } from '../shared/changes'
import { createUnitOfWork } from '../unit-of-work'
import { parseInput } from '../shared/validation'
import { exceedsRemaining, settle } from '../payments'
import { assertNotBeingSent } from '../sending'
import { type DocumentVersion, createVersionArchive, takeInitialVersion, takeVersion } from '../versions'
import { CorrectionSchema, type CorrectionFields, type CorrectionInput } from './correction-schemas'
import { claimOf, type IdempotencyClaim } from '../idempotency'

export interface CorrectionResult {
  invoiceId: string
  invoiceNumber: string
  /** The version the correction created. */
  versionNumber: number
  changeReason: string
  /** Whether version 1 was taken now, from the state before the correction (a document locked without one). */
  lazyInitialVersion: boolean
}

/** What a reader of the document would notice: everything but ids, bookkeeping times and how a rate was given. */
const contentOf = ({ updatedAt: _, lines, ...invoice }: Invoice) =>
  canonicalJson({ ...invoice, lines: lines.map(({ id: __, requestedTaxRate: ___, ...line }) => line) })

/** Only what the correction gives decides the tax situation when the recipient changes; otherwise the stored values are the base. */
const givenTaxes = (current: Invoice, fields: CorrectionFields, customerChanged: boolean) =>
  customerChanged ? Object.fromEntries(TAX_FIELDS.map((field) => [field, fields[field]])) : givenTaxValues(current, fields)

/**
 * Corrects a locked document as a new version (`POST /invoices/{id}/correct`): the number stays,
 * the given content replaces the old, totals are computed again and the new state is frozen as
 * a CORRECTION version with its own archived PDF. The versions before it stay as they were.
 */
export function createCorrectionService(deps: CoreDeps) {
  const { ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  const archive = createVersionArchive(deps)

  return {
    async correct(actor: Actor, id: string, input: CorrectionInput, claim?: IdempotencyClaim<CorrectionResult>): Promise<CorrectionResult> {
      const fields = parseInput(CorrectionSchema, input ?? {})
      const { result, versions } = await inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const current = await requireInvoice(tx, actor, id)
        if (!current.lockedAt) {
          throw new InvoicingError('not_locked', `${current.number} is not locked; change it with PUT /api/v1/invoices/${id}`)
        }
        const correctable = kindOf(current).correctable
        if (current.status === 'CANCELLED' || !correctable) {
          throw new InvoicingError('invoice_status', `${current.number} is ${correctable ? 'cancelled' : `a ${kindNameOf(current)}`}; it cannot be corrected`, {
            status: current.status,
          })
        }
        await assertNotBeingSent(tx, current, now)
        const customerId = fields.customerId ?? current.customerId
        const customer = await requireCustomer(tx, company.id, customerId)

        const { changeReason, lines, customerId: _, ...changes } = fields
        const issueDate = fields.issueDate ?? current.issueDate
        const drafts = lines ? await draftLines(tx.products, company.id, lines) : draftsOf(current.lines)
        const changed = withChanges(current, changes)
        const priced = priceDocument(company, customer, issueDate, givenTaxes(current, fields, customerId !== current.customerId), drafts, ids)
        const revised: Invoice = {
          ...changed,
          customerId,
          issueDate,
          // A new recipient brings its own routing id (Leitweg-ID) unless the correction gives one.
          buyerReference: fields.buyerReference === undefined && customerId !== current.customerId ? customer.buyerReference : changed.buyerReference,
          ...priced,
          // Lines not replaced stay the lines they were: credit notes name the lines they credit.
          lines: lines ? priced.lines : priced.lines.map((line, index) => ({ ...line, id: current.lines[index]!.id })),
          updatedAt: now.toISOString(),
        }
        assertDateOrder(revised)
        // The payments stay; a new total may settle the document or open a balance again.
        const payments = await tx.payments.listByInvoice(company.id, id)
        if (exceedsRemaining(revised.grossTotal, payments, '0')) {
          throw new InvoicingError('amount_exceeds_remaining', `The payments of ${current.number} would exceed the corrected total ${revised.grossTotal}; delete or change payments first`)
        }
        const corrected = { ...revised, ...settle(revised, payments, payments[0]?.paymentDate ?? null) }
        await assertCreditsWithinCorrection(tx, corrected)
        if (contentOf(corrected) === contentOf(current)) {
          throw new InvoicingError('validation_failed', 'The correction changes nothing; give the fields or lines that differ')
        }

        const taken: DocumentVersion[] = []
        if ((await tx.documentVersions.list(company.id, id)).length === 0) {
          taken.push(await takeInitialVersion(unit, actor, await loadDocumentParts(tx, company, current), deps))
        }
        await tx.invoices.update(corrected)
        const correction = await takeVersion(unit, actor, await loadDocumentParts(tx, company, corrected), { id: ids.next(), changeType: 'CORRECTION', changeReason }, deps.pdf)
        taken.push(correction)
        await unit.audit('DOCUMENT_CORRECTED', { type: 'invoice', id }, {
          invoiceNumber: corrected.number, versionNumber: correction.versionNumber, changeReason, grossTotal: corrected.grossTotal,
        })
        await emitInvoiceEvent(unit, 'invoice.updated', corrected)
        const result: CorrectionResult = {
          invoiceId: id, invoiceNumber: corrected.number, versionNumber: correction.versionNumber, changeReason, lazyInitialVersion: taken.length === 2,
        }
        return { result, versions: taken }
      }, claimOf(claim, (done: { result: CorrectionResult; versions: DocumentVersion[] }) => done.result))
      await archive.archiveAll(versions)
      return result
    },
  }
}
