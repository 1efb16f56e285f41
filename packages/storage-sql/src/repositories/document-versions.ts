import type { DocumentVersion, DocumentVersionRepository } from '@invoicing/core'
import type { Selectable } from 'kysely'
import { columnsOf } from '../columns'
import type { DocumentVersionTable } from '../database'
import type { Executor } from '../executor'

const columns = columnsOf<DocumentVersion>([
  'id', 'companyId', 'invoiceId', 'versionNumber', 'changeType', 'changeReason', 'pdfKey', 'createdAt', 'createdBy',
])

const toRow = (version: DocumentVersion): DocumentVersionTable => columns.toRow(version, {
  snapshot: JSON.stringify(version.snapshot),
}) as unknown as DocumentVersionTable

const fromRow = (row: Selectable<DocumentVersionTable>): DocumentVersion => columns.fromRow(row, {
  snapshot: JSON.parse(row.snapshot),
})

/**
 * Versions in `document_version`; the snapshot is JSON text (amounts are decimal strings, so
 * it parses back equal). The unique index on (company_id, invoice_id, version_number) refuses
 * a duplicate number; the foreign key deletes a document's versions with it.
 */
export function createDocumentVersionRepository({ db, row, rows, write }: Executor): DocumentVersionRepository {
  const ofDocument = (companyId: string, invoiceId: string) =>
    db.selectFrom('document_version').selectAll().where('company_id', '=', companyId).where('invoice_id', '=', invoiceId)
  return {
    async list(companyId, invoiceId) {
      return (await rows(ofDocument(companyId, invoiceId).orderBy('version_number', 'desc'))).map(fromRow)
    },
    async get(companyId, invoiceId, versionNumber) {
      const found = await row(ofDocument(companyId, invoiceId).where('version_number', '=', versionNumber))
      return found && fromRow(found)
    },
    insert: (version) => write(db.insertInto('document_version').values(toRow(version))),
    // One statement: of two writers only the first finds pdf_key null.
    recordPdfKey: async (companyId, id, pdfKey) => (await row(db.updateTable('document_version').set({ pdf_key: pdfKey })
      .where('id', '=', id).where('company_id', '=', companyId).where('pdf_key', 'is', null).returning('id'))) !== undefined,
  }
}
