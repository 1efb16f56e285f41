import type { Reminder, ReminderLevelNumber, ReminderRepository } from '@invoicing/core'
import { columnsOf } from '../columns'
import type { ReminderTable } from '../database'
import type { Executor } from '../executor'

const columns = columnsOf<Reminder>([
  'id', 'companyId', 'invoiceId', 'level', 'sentAt', 'sentTo', 'fee', 'interestRate', 'interestDays', 'interestAmount',
  'daysOverdue', 'remainingAmount', 'totalAmount',
])

export function createReminderRepository({ db, rows, write }: Executor): ReminderRepository {
  return {
    async listByInvoice(companyId, invoiceId) {
      const found = await rows(db.selectFrom('reminder').selectAll().where('company_id', '=', companyId).where('invoice_id', '=', invoiceId).orderBy('level'))
      return found.map((row) => columns.fromRow(row, { level: row.level as ReminderLevelNumber }))
    },
    insert: (reminder) => write(db.insertInto('reminder').values(columns.toRow(reminder) as unknown as ReminderTable)),
  }
}
