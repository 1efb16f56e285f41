import type { Actor } from '../access'
import { requireCompany } from '../companies'
import type { Customer } from '../customers'
import { renderWithinPageLimit } from '../print'
import { InvoicingError } from '../errors'
import { documentCustomerOf, loadDocumentParts, requireInvoice, type Invoice, emitInvoiceEvent } from '../invoices'
import { balanceOf } from '../payments'
import type { CoreDeps } from '../ports/deps'
import { calendarDateOf } from '../shared/calendar-date'
import { createUnitOfWork, retryingTransaction } from '../unit-of-work'
import { parseInput } from '../shared/validation'
import { deliveredButNotRecorded, reserveMailing } from '../sending'
import { daysOverdueOf, dunningTotalsOf, nextReminderAmounts } from './dunning-math'
import { DunningActionSchema, type DunningActionInput } from './dunning-schemas'
import { MAX_REMINDER_LEVEL, type Reminder } from './reminder'
import { buildReminderView, reminderMailText, type ReminderView } from './reminder-view'
import { kindOf } from '../sales-documents'
import { assertKeyUnanswered, claimOf, type IdempotencyClaim } from '../idempotency'

export interface DunningStatus {
  invoice: Invoice
  customer: Pick<Customer, 'id' | 'customerNumber' | 'name' | 'email'>
  daysOverdue: number
  dunning: ReturnType<typeof dunningTotalsOf> & { isPaused: boolean; pausedAt: string | null; pausedReason: string | null }
  /** Lowest level first. */
  reminders: Reminder[]
}

export type DunningActionResult =
  | { action: 'pause' | 'resume'; invoice: Invoice }
  | { action: 'send'; reminder: Reminder }

type SendRequest = Pick<ReturnType<typeof parseDunningAction>, 'recipientEmail' | 'customReminderFee' | 'includeInterest'>

const parseDunningAction = (input: DunningActionInput) => parseInput(DunningActionSchema, input ?? {})

const notAnInvoice = (invoice: Invoice) =>
  new InvoicingError('invoice_status', `${invoice.number} is a ${invoice.documentType}; only invoices are dunned`, { status: invoice.status })

/** 400 for documents that are not invoices, 409 `already_paid` before 400 `invoice_status`. */
function assertRemindable(invoice: Invoice): void {
  if (!kindOf(invoice).remindable) throw notAnInvoice(invoice)
  if (invoice.status === 'PAID') throw new InvoicingError('already_paid', `${invoice.number} is paid`, { status: invoice.status })
  if (invoice.status !== 'SENT' && invoice.status !== 'OVERDUE') {
    throw new InvoicingError('invoice_status', `${invoice.number} is ${invoice.status}; reminders are sent for SENT or OVERDUE invoices`, { status: invoice.status })
  }
}

/**
 * Dunning (`/invoices/{id}/dunning`): the reminder status, pause and resume, and the reminder
 * of the next level. A reminder is mailed like a document (reserved, drawn and mailed outside
 * any transaction) and stored only after the mail server took it: a failed mail is 502
 * `email_failed` and leaves no reminder.
 */
export function createDunningService(deps: CoreDeps) {
  const { storage, ids, clock } = deps
  const inUnitOfWork = createUnitOfWork(deps)

  async function pauseOrResume(actor: Actor, id: string, paused: boolean, reason: string | null, claim?: IdempotencyClaim<Invoice>): Promise<Invoice> {
    return inUnitOfWork(actor, async (unit) => {
      const current = await requireInvoice(unit.tx, actor, id)
      if (!kindOf(current).remindable) throw notAnInvoice(current)
      const timestamp = unit.now.toISOString()
      const invoice: Invoice = paused
        ? { ...current, dunningPaused: true, dunningPausedAt: current.dunningPaused ? current.dunningPausedAt : timestamp, dunningPausedReason: reason, updatedAt: timestamp }
        : { ...current, dunningPaused: false, dunningPausedAt: null, dunningPausedReason: null, updatedAt: timestamp }
      await unit.tx.invoices.update(invoice)
      await unit.audit(paused ? 'DUNNING_PAUSED_VIA_API' : 'DUNNING_RESUMED_VIA_API', { type: 'invoice', id }, paused ? { reason } : {})
      return invoice
    }, claim)
  }

  async function sendReminder(actor: Actor, id: string, request: SendRequest, claim?: IdempotencyClaim<Reminder>): Promise<Reminder> {
    const { mail, pdf } = deps
    if (!mail) throw new Error('createInvoicing was given no mail transport (option `mail`): reminders cannot be sent')
    if (!pdf) throw new Error('createInvoicing was given no pdf renderer (option `pdf`): reminders cannot be sent')
    const token = ids.next()

    // 1. Check, reserve the document against a concurrent send, and work out the reminder.
    const prepared = await inUnitOfWork(actor, async ({ tx, now }) => {
      await assertKeyUnanswered(tx, claim)
      const company = await requireCompany(tx, actor)
      const invoice = await requireInvoice(tx, actor, id)
      assertRemindable(invoice)
      if (invoice.dunningPaused) {
        throw new InvoicingError('dunning_paused', `Reminders of ${invoice.number} are paused${invoice.dunningPausedReason ? ` (${invoice.dunningPausedReason})` : ''}; resume them first`)
      }
      const earlier = await tx.reminders.listByInvoice(actor.companyId, id)
      if (earlier.length >= MAX_REMINDER_LEVEL) {
        throw new InvoicingError('max_level_reached', `${invoice.number} already had its final reminder (level ${MAX_REMINDER_LEVEL})`, { currentLevel: MAX_REMINDER_LEVEL })
      }
      const parts = await loadDocumentParts(tx, company, invoice)
      const { to, from } = await reserveMailing(tx, { ...parts, document: invoice }, { recipientEmail: request.recipientEmail, from: mail.from }, { token, idempotencyKey: claim?.key ?? null }, now)
      const { amountDue } = balanceOf(invoice.grossTotal, await tx.payments.listByInvoice(actor.companyId, id))
      const today = calendarDateOf(now, company.timeZone)
      const figures = nextReminderAmounts(company, amountDue, invoice.dueDate, today, earlier, {
        customFee: request.customReminderFee, includeInterest: request.includeInterest,
      })
      return { parts, to, from, earlier, figures, today }
    })

    // 2. Draw and mail it; any failure frees the reservation and stores nothing.
    const release = () => retryingTransaction(storage, (tx) => tx.sendReservations.release(actor.companyId, id, token)).catch(() => undefined)
    const { parts, figures, earlier, today } = prepared
    const sentAt = clock.now().toISOString()
    let view: ReminderView
    let content: Uint8Array
    try {
      view = buildReminderView(parts, figures, earlier, today)
      content = await renderWithinPageLimit(pdf, view)
    } catch (error) {
      await release()
      throw error
    }
    const values = {
      documentNumber: parts.invoice.number, documentTitle: view.title, documentReference: view.reference,
      customerName: parts.customer.name, companyName: parts.company.name, totalAmount: view.totals.grand.amount,
    }
    try {
      await mail.transport.send({
        from: prepared.from, replyTo: parts.company.email, to: prepared.to, cc: [], bcc: [],
        ...reminderMailText(parts.company, view, values),
        attachments: [{ fileName: `${view.reference.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`, content, contentType: 'application/pdf' }],
      })
    } catch (error) {
      await release()
      // The transport's first clause says what happened; its details stay in the cause.
      const reason = error instanceof Error ? error.message.split(':')[0] : 'delivery failed'
      throw new InvoicingError('email_failed', `The reminder to ${prepared.to} could not be delivered (${reason}); no reminder was stored`, {}, { cause: error })
    }

    // 3. The customer has it: store the reminder, SENT becomes OVERDUE, events and audit.
    return inUnitOfWork(actor, async (unit) => {
      const current = await requireInvoice(unit.tx, actor, id)
      const reminder: Reminder = { id: ids.next(), companyId: actor.companyId, invoiceId: id, sentAt, sentTo: prepared.to, ...figures }
      await unit.tx.reminders.insert(reminder)
      await unit.tx.sendReservations.release(actor.companyId, id, token)
      if (current.status === 'SENT') {
        const overdue = { ...current, status: 'OVERDUE' as const, updatedAt: unit.now.toISOString() }
        await unit.tx.invoices.update(overdue)
        await emitInvoiceEvent(unit, 'invoice.overdue', overdue)
      }
      await unit.audit('REMINDER_SENT_VIA_API', { type: 'invoice', id }, { reminderId: reminder.id, level: reminder.level, sentTo: reminder.sentTo, totalAmount: reminder.totalAmount })
      await unit.emit('reminder.sent', reminder)
      if (reminder.level >= 2) await unit.emit('reminder.escalated', reminder)
      return reminder
    }, claim).catch((error: unknown) => {
      throw deliveredButNotRecorded(error, `The reminder to ${prepared.to}`)
    })
  }

  return {
    /** The reminder status of a document: pause state, levels, totals and the reminders sent. */
    async status(actor: Actor, id: string): Promise<DunningStatus> {
      const invoice = await requireInvoice(storage, actor, id)
      const [customer, reminders, payments, company] = await Promise.all([
        documentCustomerOf(storage, invoice),
        storage.reminders.listByInvoice(actor.companyId, id),
        storage.payments.listByInvoice(actor.companyId, id),
        requireCompany(storage, actor),
      ])
      const { amountDue } = balanceOf(invoice.grossTotal, payments)
      return {
        invoice,
        customer: { id: customer.id, customerNumber: customer.customerNumber, name: customer.name, email: customer.email },
        daysOverdue: daysOverdueOf(invoice.dueDate, calendarDateOf(clock.now(), company.timeZone)),
        dunning: {
          isPaused: invoice.dunningPaused, pausedAt: invoice.dunningPausedAt, pausedReason: invoice.dunningPausedReason,
          ...dunningTotalsOf(reminders, amountDue),
        },
        reminders,
      }
    },

    /** pause (with a reason), resume, or send the reminder of the next level. */
    async act(actor: Actor, id: string, input: DunningActionInput, claim?: IdempotencyClaim<DunningActionResult>): Promise<DunningActionResult> {
      const request = parseDunningAction(input)
      if (request.action === 'send') {
        const sent = (reminder: Reminder): DunningActionResult => ({ action: 'send', reminder })
        return sent(await sendReminder(actor, id, request, claimOf(claim, sent)))
      }
      const { action } = request
      const changed = (invoice: Invoice): DunningActionResult => ({ action, invoice })
      return changed(await pauseOrResume(actor, id, action === 'pause', action === 'pause' ? request.reason ?? null : null, claimOf(claim, changed)))
    },
  }
}
