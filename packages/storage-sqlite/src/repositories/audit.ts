import type { AuditEntry, AuditLog } from '@invoicing/core'
import { sql } from 'kysely'
import { columnsOf } from '../columns'
import type { AuditEntryTable } from '../database'
import type { Executor } from '../executor'

const columns = columnsOf<AuditEntry>(['id', 'companyId', 'apiKeyId', 'action', 'targetType', 'targetId', 'createdAt'])

const toRow = (entry: AuditEntry): AuditEntryTable => ({
  ...(columns.toRow(entry) as unknown as AuditEntryTable),
  details: JSON.stringify(entry.details),
})

const fromRow = (row: AuditEntryTable): AuditEntry => ({ ...columns.fromRow(row), details: JSON.parse(row.details) })

/** The audit trail, newest first (entries of one transaction share a timestamp: the later first). */
export function createAuditLog(executor: Executor): AuditLog {
  const { db, write } = executor
  return {
    list: (companyId, query) => {
      let filtered = db.selectFrom('audit_entry').where('company_id', '=', companyId)
      if (query.targetId) filtered = filtered.where('target_id', '=', query.targetId)
      if (query.action) filtered = filtered.where('action', '=', query.action)
      return executor.snapshot(async ({ row, rows }) => {
        const found = await rows(filtered.selectAll().orderBy('created_at', 'desc').orderBy(sql`rowid`, 'desc').limit(query.limit).offset(query.offset))
        const counted = await row(filtered.select((eb) => eb.fn.countAll<number>().as('total')))
        return { items: found.map(fromRow), total: Number(counted?.total ?? 0), limit: query.limit, offset: query.offset }
      })
    },
    append: (entry) => write(db.insertInto('audit_entry').values(toRow(entry))),
  }
}
