import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { InvoicingError, notFound } from '../errors'
import { requireInvoice, type Invoice, emitInvoiceEvent } from '../invoices'
import type { CoreDeps } from '../ports/deps'
import type { StorageTx } from '../ports/storage'
import { calendarDateOf } from '../shared/calendar-date'
import { withChanges } from '../shared/changes'
import { createUnitOfWork, type UnitOfWork } from '../unit-of-work'
import { parseInput } from '../shared/validation'
import { assertNotBeingSent } from '../sending'
import { balanceOf, exceedsRemaining, settle, type Balance } from './balance'
import type { Payment } from './payment'
import { PaymentCreateSchema, PaymentUpdateSchema, type PaymentCreateFields, type PaymentCreateInput, type PaymentUpdateInput } from './payment-schemas'
import type { Company } from '../companies'
import type { IdGenerator } from '../ports/ids'
import { kindNameOf, kindOf } from '../sales-documents'
import type { IdempotencyClaim } from '../idempotency'

export interface InvoicePayments extends Balance {
  invoice: Invoice
  /** Latest payment date first. */
  payments: Payment[]
}

/** A payment as recorded, changed or deleted, and the document's status and balance after it. */
export interface PaymentChange extends Balance {
  payment: Payment
  invoice: Invoice
}

async function requirePayment(tx: StorageTx, actor: Actor, invoiceId: string, paymentId: string): Promise<Payment> {
  const payment = await tx.payments.get(actor.companyId, paymentId)
  if (!payment || payment.invoiceId !== invoiceId) throw notFound('Payment')
  return payment
}

/**
 * Payments are recorded on issued documents that are due (FINAL, SENT or OVERDUE), of kinds settled by payments:
 * never on credit notes, which are paid out.
 */
function assertPayable(invoice: Invoice): void {
  const settledByPayments = kindOf(invoice).settlement === 'payments'
  if (settledByPayments && ['FINAL', 'SENT', 'OVERDUE'].includes(invoice.status)) return
  throw new InvoicingError('invoice_status', !settledByPayments
    ? `${invoice.number} is a ${kindNameOf(invoice)}; it is paid out through its payout, not by payments`
    : `Payments are recorded on FINAL, SENT or OVERDUE documents; ${invoice.number} is ${invoice.status}`, { status: invoice.status })
}

/** Recorded payments change while the document is due or paid; a cancelled document's are frozen. */
function assertPaymentsChangeable(invoice: Invoice): void {
  if (invoice.status === 'CANCELLED') {
    throw new InvoicingError('invoice_cancelled', `${invoice.number} is cancelled; its payments can no longer change`)
  }
  if (!['FINAL', 'SENT', 'OVERDUE', 'PAID'].includes(invoice.status)) assertPayable(invoice)
}

function exceeds(invoice: Invoice, others: readonly Payment[], amount: string): InvoicingError {
  const { amountDue } = balanceOf(invoice.grossTotal, others)
  return new InvoicingError('amount_exceeds_remaining', `${amount} exceeds the outstanding ${amountDue} ${invoice.currency} by more than 0.01`, {
    amountDue: Number(amountDue), amount_due: Number(amountDue),
  })
}

/** Stores the document's new status after its payments changed; paying it in full emits `invoice.paid`. */
async function settleInvoice(unit: UnitOfWork, invoice: Invoice, completingDate: string | null): Promise<PaymentChange['invoice'] & Balance> {
  const payments = await unit.tx.payments.listByInvoice(invoice.companyId, invoice.id)
  const settled = settle(invoice, payments, completingDate)
  let next = invoice
  if (settled.status !== invoice.status || settled.paidAt !== invoice.paidAt) {
    next = { ...invoice, ...settled, updatedAt: unit.now.toISOString() }
    await unit.tx.invoices.update(next)
    if (next.status === 'PAID') await emitInvoiceEvent(unit, 'invoice.paid', next)
  }
  return { ...next, ...balanceOf(next.grossTotal, payments) }
}

const changeOf = (payment: Payment, { totalPaid, amountDue, ...invoice }: Invoice & Balance): PaymentChange =>
  ({ payment, invoice, totalPaid, amountDue })


/**
 * Records a payment of `invoice` in `unit` (POST payments, or a conversion that issues an
 * invoice paid in advance); paying the total makes the document PAID (paidAt = the payment date).
 */
export async function recordPayment(unit: UnitOfWork, company: Company, invoice: Invoice, fields: PaymentCreateFields, ids: IdGenerator): Promise<PaymentChange> {
  const { tx, now } = unit
  assertPayable(invoice)
  const others = await tx.payments.listByInvoice(company.id, invoice.id)
  if (exceedsRemaining(invoice.grossTotal, others, fields.amount)) throw exceeds(invoice, others, fields.amount)
  const timestamp = now.toISOString()
  const payment: Payment = {
    id: ids.next(),
    companyId: company.id,
    invoiceId: invoice.id,
    amount: fields.amount,
    paymentDate: fields.paymentDate ?? calendarDateOf(now, company.timeZone),
    paymentMethod: fields.paymentMethod ?? 'BANK_TRANSFER',
    reference: fields.reference ?? null,
    notes: fields.notes ?? null,
    movedFromInvoiceId: null,
    createdAt: timestamp,
    updatedAt: timestamp,
  }
  await tx.payments.insert(payment)
  await unit.audit('PAYMENT_RECORDED_VIA_API', { type: 'invoice', id: invoice.id }, { paymentId: payment.id, amount: payment.amount })
  return changeOf(payment, await settleInvoice(unit, invoice, payment.paymentDate))
}

/** Money received for documents, and what it does to their status (PAID and back). */
export function createPaymentService(deps: CoreDeps) {
  const { storage, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)

  return {
    /** A document's payments with what is paid and due. */
    async list(actor: Actor, invoiceId: string): Promise<InvoicePayments> {
      const invoice = await requireInvoice(storage, actor, invoiceId)
      const payments = await storage.payments.listByInvoice(actor.companyId, invoiceId)
      return { invoice, payments, ...balanceOf(invoice.grossTotal, payments) }
    },

    /** Records a payment; paying the total makes the document PAID (paidAt = the payment date). */
    async record(actor: Actor, invoiceId: string, input: PaymentCreateInput, claim?: IdempotencyClaim<PaymentChange>): Promise<PaymentChange> {
      const fields = parseInput(PaymentCreateSchema, input ?? {})
      return inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const company = await requireCompany(tx, actor)
        const invoice = await requireInvoice(tx, actor, invoiceId)
        await assertNotBeingSent(tx, invoice, now)
        return recordPayment(unit, company, invoice, fields, ids)
      }, claim)
    },

    /** Changes a payment; the document becomes PAID, or SENT again, as the new balance says. */
    async update(actor: Actor, invoiceId: string, paymentId: string, input: PaymentUpdateInput): Promise<PaymentChange> {
      const fields = parseInput(PaymentUpdateSchema, input ?? {})
      return inUnitOfWork(actor, async (unit) => {
        const { tx, now } = unit
        const invoice = await requireInvoice(tx, actor, invoiceId)
        const current = await requirePayment(tx, actor, invoiceId, paymentId)
        assertPaymentsChangeable(invoice)
        const others = (await tx.payments.listByInvoice(actor.companyId, invoiceId)).filter((payment) => payment.id !== paymentId)
        const payment = { ...withChanges(current, fields), updatedAt: now.toISOString() }
        if (exceedsRemaining(invoice.grossTotal, others, payment.amount)) throw exceeds(invoice, others, payment.amount)
        await tx.payments.update(payment)
        await unit.audit('PAYMENT_UPDATED_VIA_API', { type: 'invoice', id: invoiceId }, { paymentId, amount: payment.amount, previousAmount: current.amount })
        return changeOf(payment, await settleInvoice(unit, invoice, payment.paymentDate))
      })
    },

    /**
     * Deletes a payment; a PAID document with a balance outstanding again goes back to SENT. A
     * cancelled document's payments cannot change but may be deleted: money booked in error, or
     * paid back to the customer, leaves the books.
     */
    async delete(actor: Actor, invoiceId: string, paymentId: string): Promise<PaymentChange> {
      return inUnitOfWork(actor, async (unit) => {
        const { tx } = unit
        const invoice = await requireInvoice(tx, actor, invoiceId)
        const payment = await requirePayment(tx, actor, invoiceId, paymentId)
        if (invoice.status !== 'CANCELLED') assertPaymentsChangeable(invoice)
        await tx.payments.delete(actor.companyId, paymentId)
        await unit.audit('PAYMENT_DELETED_VIA_API', { type: 'invoice', id: invoiceId }, { paymentId, amount: payment.amount })
        return changeOf(payment, await settleInvoice(unit, invoice, null))
      })
    },
  }
}
