import type { Export, ExportListQuery, ExportRepository } from '@invoicing/core'
import type { Insertable, Kysely, Selectable } from 'kysely'
import type { Database, ExportFileTable } from '../database'
import type { Executor } from '../executor'
import { readPage } from './read-page'

const toRow = (exported: Export): Insertable<ExportFileTable> => ({
  id: exported.id,
  company_id: exported.companyId,
  type: exported.type,
  status: exported.status,
  parameters: JSON.stringify(exported.parameters),
  summary: JSON.stringify(exported.summary),
  file_name: exported.file.name,
  content_type: exported.file.contentType,
  encoding: exported.file.encoding,
  size: exported.file.size,
  sha256: exported.file.sha256,
  document_count: exported.documentCount,
  created_at: exported.createdAt,
  created_by_key_id: exported.createdByKeyId,
  voided_at: exported.voidedAt,
  void_reason: exported.voidReason,
})

const fromRow = (row: Selectable<ExportFileTable>): Export => ({
  id: row.id,
  companyId: row.company_id,
  type: row.type as Export['type'],
  status: row.status as Export['status'],
  parameters: JSON.parse(row.parameters) as Record<string, unknown>,
  file: { name: row.file_name, contentType: row.content_type, encoding: row.encoding, size: row.size, sha256: row.sha256 },
  documentCount: row.document_count,
  summary: JSON.parse(row.summary) as Record<string, unknown>,
  createdAt: row.created_at,
  createdByKeyId: row.created_by_key_id,
  voidedAt: row.voided_at,
  voidReason: row.void_reason,
})

/** The page and count queries of a company's export list, newest first (the list index serves the order). */
function exportListQueries(db: Kysely<Database>, companyId: string, query: ExportListQuery) {
  let filtered = db.selectFrom('export_file').where('company_id', '=', companyId)
  if (query.type) filtered = filtered.where('type', '=', query.type)
  if (query.status) filtered = filtered.where('status', '=', query.status)
  if (query.createdFrom) filtered = filtered.where('created_at', '>=', query.createdFrom)
  if (query.createdBefore) filtered = filtered.where('created_at', '<', query.createdBefore)
  return {
    rows: filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset),
    total: filtered.select((eb) => eb.fn.countAll<number>().as('total')),
  }
}

/** Rows of records at once: well under SQLite's limit of bound parameters (4 per row). */
const INSERT_BATCH = 5_000

/**
 * Exports in `export_file`, the records each contains in `export_record`. Voiding is one
 * UPDATE of a COMPLETED row; RETURNING tells each of two concurrent voids whether its write
 * happened (the write lock orders them, in one process or several).
 */
export function createExportRepository(executor: Executor): ExportRepository {
  const { db, row, rows, write } = executor
  return {
    async get(companyId, id) {
      const found = await row(db.selectFrom('export_file').selectAll().where('id', '=', id).where('company_id', '=', companyId))
      return found && fromRow(found)
    },
    list: (companyId, query) => readPage(executor, exportListQueries(db, companyId, query), query, (found) => found.map(fromRow)),
    async exportedRecordIds(companyId, type) {
      const found = await rows(db.selectFrom('export_record').select('export_record.record_id').distinct()
        .innerJoin('export_file', 'export_file.id', 'export_record.export_id')
        .where('export_record.company_id', '=', companyId).where('export_record.type', '=', type)
        .where('export_file.status', '=', 'COMPLETED'))
      return found.map((record) => record.record_id)
    },
    async insert(exported, recordIds) {
      await write(db.insertInto('export_file').values(toRow(exported)))
      for (let start = 0; start < recordIds.length; start += INSERT_BATCH) {
        const batch = recordIds.slice(start, start + INSERT_BATCH)
        await write(db.insertInto('export_record').values(batch.map((recordId) => ({
          export_id: exported.id, company_id: exported.companyId, type: exported.type, record_id: recordId,
        }))))
      }
    },
    async markVoided(companyId, id, voidedAt, voidReason) {
      const voided = await row(db.updateTable('export_file').set({ status: 'VOIDED', voided_at: voidedAt, void_reason: voidReason })
        .where('id', '=', id).where('company_id', '=', companyId).where('status', '=', 'COMPLETED').returning('id'))
      return voided !== undefined
    },
  }
}
