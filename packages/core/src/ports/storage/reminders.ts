import type { Reminder } from '../../dunning'

export interface ReminderReader {
  /** The reminders of a document, oldest (lowest level) first. */
  listByInvoice(companyId: string, invoiceId: string): Promise<Reminder[]>
}

export interface ReminderRepository extends ReminderReader {
  /** A second reminder of the same level for one document MUST be refused (a unique index). */
  insert(reminder: Reminder): Promise<void>
}
