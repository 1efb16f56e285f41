import type { DocumentCategory, DocumentCategoryRepository } from '@invoicing/core'
import { columnsOf } from '../columns'
import type { DocumentCategoryTable } from '../database'
import type { Executor } from '../executor'
import { preparedQuery } from '../prepared-query'

const columns = columnsOf<DocumentCategory>(['id', 'companyId', 'name', 'createdAt'])

const toRow = (category: DocumentCategory) => columns.toRow(category) as unknown as DocumentCategoryTable

const fromRow = (row: DocumentCategoryTable): DocumentCategory => columns.fromRow(row)

/** A category in use cannot be deleted: documents reference it by foreign key. */
const categoryById = preparedQuery((db, { id, companyId }: { id: string; companyId: string }) =>
  db.selectFrom('document_category').selectAll().where('id', '=', id).where('company_id', '=', companyId))

export function createDocumentCategoryRepository({ db, dialect: { insertionOrder }, row, rows, write }: Executor): DocumentCategoryRepository {
  return {
    async get(companyId, id) {
      const found = await row(categoryById({ id, companyId }))
      return found && fromRow(found)
    },
    async list(companyId) {
      const found = await rows(db.selectFrom('document_category').selectAll().where('company_id', '=', companyId)
        .orderBy('name').orderBy('created_at').orderBy(insertionOrder))
      return found.map(fromRow)
    },
    insert: (category) => write(db.insertInto('document_category').values(toRow(category))),
    delete: (companyId, id) => write(db.deleteFrom('document_category').where('id', '=', id).where('company_id', '=', companyId)),
  }
}
