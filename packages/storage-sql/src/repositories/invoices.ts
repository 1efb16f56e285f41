import type { Invoice, InvoiceRepository } from '@invoicing/core'
import { sql } from 'kysely'
import type { Executor } from '../executor'
import { LINES_PER_INSERT } from './document-lines'
import { derivedFromQuery, summariesDerivedFrom } from './invoice-derived'
import { invoiceToRow, lineToRow, sourcesToRows } from './invoice-rows'
import { listInvoices, walkInvoicesByIssueDate, withLines } from './invoice-list'

/**
 * Documents in `invoice`, their lines in `invoice_line` and the index of their source
 * documents in `invoice_source` (both deleted with the document by the foreign keys' cascade).
 * The unique index on (company_id, invoice_number) refuses a duplicate number on insert and update.
 */
export function createInvoiceRepository(executor: Executor): InvoiceRepository {
  const { db, row, write } = executor
  const oneWhere = (companyId: string, column: 'id' | 'invoice_number', value: string) =>
    executor.snapshot(async (reader) => {
      const found = await reader.row(db.selectFrom('invoice').selectAll().where('company_id', '=', companyId).where(column, '=', value))
      return found && (await withLines(reader, [found]))[0]
    })
  const exists = async (companyId: string, column: 'customer_id' | 'document_category_id', value: string) =>
    Boolean(await row(db.selectFrom('invoice').select(sql<number>`1`.as('found'))
      .where(column, '=', value).where('company_id', '=', companyId).limit(1)))
  const insertParts = async (invoice: Invoice) => {
    const rows = invoice.lines.map((line, position) => lineToRow(invoice.id, line, position))
    for (let start = 0; start < rows.length; start += LINES_PER_INSERT) {
      await write(db.insertInto('invoice_line').values(rows.slice(start, start + LINES_PER_INSERT)))
    }
    if (invoice.sourceDocuments.length > 0) await write(db.insertInto('invoice_source').values(sourcesToRows(invoice)))
  }
  return {
    get: (companyId, id) => oneWhere(companyId, 'id', id),
    findByNumber: (companyId, invoiceNumber) => oneWhere(companyId, 'invoice_number', invoiceNumber),
    list: (companyId, query) => listInvoices(executor, companyId, query),
    walkByIssueDate: (companyId, query) => walkInvoicesByIssueDate(executor, companyId, query),
    listDerived: (companyId, documentId) =>
      executor.snapshot(async (reader) => withLines(reader, await reader.rows(derivedFromQuery(db, companyId, [documentId]).selectAll()))),
    summariesDerivedFrom: (companyId, documentIds) => summariesDerivedFrom(executor, companyId, documentIds),
    existsForCustomer: (companyId, customerId) => exists(companyId, 'customer_id', customerId),
    existsForCategory: (companyId, categoryId) => exists(companyId, 'document_category_id', categoryId),
    async insert(invoice) {
      await write(db.insertInto('invoice').values(invoiceToRow(invoice)))
      await insertParts(invoice)
    },
    async update(invoice) {
      const { id, company_id, ...fields } = invoiceToRow(invoice)
      const updated = await row(db.updateTable('invoice').set(fields).where('id', '=', id).where('company_id', '=', company_id).returning('id'))
      if (!updated) return
      await write(db.deleteFrom('invoice_line').where('invoice_id', '=', id))
      await write(db.deleteFrom('invoice_source').where('invoice_id', '=', id))
      await insertParts(invoice)
    },
    delete: (companyId, id) => write(db.deleteFrom('invoice').where('id', '=', id).where('company_id', '=', companyId)),
  }
}
