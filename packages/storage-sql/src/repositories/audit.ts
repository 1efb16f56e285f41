import type { AuditEntry, AuditLog } from '@invoicing/core'
import { columnsOf } from '../columns'
import type { AuditEntryTable } from '../database'
import type { Executor } from '../executor'
import { readPage } from './read-page'

const columns = columnsOf<AuditEntry>(['id', 'companyId', 'apiKeyId', 'action', 'targetType', 'targetId', 'createdAt'])

const toRow = (entry: AuditEntry): AuditEntryTable => columns.toRow(entry, {
  details: JSON.stringify(entry.details),
}) as unknown as AuditEntryTable

const fromRow = (row: AuditEntryTable): AuditEntry => columns.fromRow(row, { details: JSON.parse(row.details) })

/** The audit trail, newest first (entries of one transaction share a timestamp: the later first). */
export function createAuditLog(executor: Executor): AuditLog {
  const { db, dialect: { insertionOrder }, write } = executor
  return {
    list: (companyId, query) => {
      let filtered = db.selectFrom('audit_entry').where('company_id', '=', companyId)
      if (query.targetId) filtered = filtered.where('target_id', '=', query.targetId)
      if (query.action) filtered = filtered.where('action', '=', query.action)
      return readPage(executor, {
        rows: filtered.selectAll().orderBy('created_at', 'desc').orderBy(insertionOrder, 'desc').limit(query.limit).offset(query.offset),
        total: filtered.select((eb) => eb.fn.countAll<number>().as('total')),
      }, query, (found) => found.map(fromRow))
    },
    append: (entry) => write(db.insertInto('audit_entry').values(toRow(entry))),
  }
}
