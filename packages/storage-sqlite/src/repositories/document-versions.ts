import type { ChangeType, DocumentVersion, DocumentVersionRepository } from '@invoicing/core'
import type { Selectable } from 'kysely'
import type { DocumentVersionTable } from '../database'
import type { Executor } from '../executor'

const toRow = (version: DocumentVersion): DocumentVersionTable => ({
  id: version.id,
  company_id: version.companyId,
  invoice_id: version.invoiceId,
  version_number: version.versionNumber,
  change_type: version.changeType,
  change_reason: version.changeReason,
  snapshot: JSON.stringify(version.snapshot),
  pdf_key: version.pdfKey,
  created_at: version.createdAt,
  created_by: version.createdBy,
})

const fromRow = (row: Selectable<DocumentVersionTable>): DocumentVersion => ({
  id: row.id,
  companyId: row.company_id,
  invoiceId: row.invoice_id,
  versionNumber: row.version_number,
  changeType: row.change_type as ChangeType,
  changeReason: row.change_reason,
  snapshot: JSON.parse(row.snapshot),
  pdfKey: row.pdf_key,
  createdAt: row.created_at,
  createdBy: row.created_by,
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
    setPdfKey: (companyId, id, pdfKey) =>
      write(db.updateTable('document_version').set({ pdf_key: pdfKey }).where('id', '=', id).where('company_id', '=', companyId)),
  }
}
