import type { DocumentType, Invoice, InvoiceRepository } from '@invoicing/core'
import { sql } from 'kysely'
import type { Executor } from '../executor'
import { invoiceToRow, lineToRow } from './invoice-rows'
import { listInvoices, withLines } from './invoice-list'

/** Well below SQLite's limit of bound parameters per statement (13 per line). */
const LINES_PER_INSERT = 500

/**
 * Documents in `invoice`, their lines in `invoice_line` (deleted with the document by the
 * foreign key's cascade). The unique index on (company_id, invoice_number) refuses a duplicate
 * number on insert and update.
 */
export function createInvoiceRepository(executor: Executor): InvoiceRepository {
  const { db, row, rows, write } = executor
  const oneWhere = (companyId: string, column: 'id' | 'invoice_number', value: string) =>
    executor.snapshot(async (reader) => {
      const found = await reader.row(db.selectFrom('invoice').selectAll().where('company_id', '=', companyId).where(column, '=', value))
      return found && (await withLines(reader, [found]))[0]
    })
  const exists = async (companyId: string, column: 'customer_id' | 'document_category_id', value: string) =>
    Boolean(await row(db.selectFrom('invoice').select(sql<number>`1`.as('found'))
      .where(column, '=', value).where('company_id', '=', companyId).limit(1)))
  const insertLines = async (invoice: Invoice) => {
    const rows = invoice.lines.map((line, position) => lineToRow(invoice.id, line, position))
    for (let start = 0; start < rows.length; start += LINES_PER_INSERT) {
      await write(db.insertInto('invoice_line').values(rows.slice(start, start + LINES_PER_INSERT)))
    }
  }
  return {
    get: (companyId, id) => oneWhere(companyId, 'id', id),
    findByNumber: (companyId, invoiceNumber) => oneWhere(companyId, 'invoice_number', invoiceNumber),
    list: (companyId, query) => listInvoices(executor, companyId, query),
    listDerived: (companyId, documentId) =>
      executor.snapshot(async (reader) => withLines(reader, await reader.rows(db.selectFrom('invoice').selectAll()
        .where('company_id', '=', companyId).where('preceding_document_id', '=', documentId).orderBy('seq')))),
    async summariesDerivedFrom(companyId, documentIds) {
      if (documentIds.length === 0) return []
      const found = await rows(db.selectFrom('invoice')
        .select(['invoice_type', 'id', 'invoice_number', 'status', 'preceding_document_id'])
        .where('company_id', '=', companyId).where('preceding_document_id', 'in', documentIds).orderBy('seq'))
      return found.map((each) => ({
        documentType: each.invoice_type as DocumentType, id: each.id, number: each.invoice_number, status: each.status, precedingDocumentId: each.preceding_document_id!,
      }))
    },
    existsForCustomer: (companyId, customerId) => exists(companyId, 'customer_id', customerId),
    existsForCategory: (companyId, categoryId) => exists(companyId, 'document_category_id', categoryId),
    async insert(invoice) {
      await write(db.insertInto('invoice').values(invoiceToRow(invoice)))
      await insertLines(invoice)
    },
    async update(invoice) {
      const { id, company_id, ...fields } = invoiceToRow(invoice)
      const updated = await row(db.updateTable('invoice').set(fields).where('id', '=', id).where('company_id', '=', company_id).returning('id'))
      if (!updated) return
      await write(db.deleteFrom('invoice_line').where('invoice_id', '=', id))
      await insertLines(invoice)
    },
    delete: (companyId, id) => write(db.deleteFrom('invoice').where('id', '=', id).where('company_id', '=', companyId)),
  }
}
