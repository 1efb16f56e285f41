import type { DocumentType, OrderDocument, OrderDocumentRepository } from '@invoicing/core'
import { sql } from 'kysely'
import type { Executor } from '../executor'
import { LINES_PER_INSERT } from './document-lines'
import { listOrderDocuments, withLines } from './order-document-list'
import { orderDocumentLineToRow, orderDocumentToRow } from './order-document-rows'

/**
 * Quotes, order confirmations, delivery notes and orders in `order_document`, their lines in
 * `order_document_line` (deleted with the document by the foreign key's cascade). Unique
 * indexes refuse a second document with the same number, and a second order with the same
 * external id, in the company, on insert and update.
 */
export function createOrderDocumentRepository(executor: Executor): OrderDocumentRepository {
  const { db, row, rows, write } = executor
  const oneWhere = (companyId: string, column: 'id' | 'number' | 'external_id', value: string) =>
    executor.snapshot(async (reader) => {
      const found = await reader.row(db.selectFrom('order_document').selectAll().where('company_id', '=', companyId).where(column, '=', value))
      return found && (await withLines(reader, [found]))[0]
    })
  const exists = async (companyId: string, column: 'customer_id' | 'document_category_id', value: string) =>
    Boolean(await row(db.selectFrom('order_document').select(sql<number>`1`.as('found'))
      .where(column, '=', value).where('company_id', '=', companyId).limit(1)))
  const derivedFrom = (companyId: string, documentIds: readonly string[]) =>
    db.selectFrom('order_document').where('company_id', '=', companyId).where('preceding_document_id', 'in', documentIds).orderBy('seq')
  const insertLines = async (document: OrderDocument) => {
    const lines = document.lines.map((line, position) => orderDocumentLineToRow(document.id, line, position))
    for (let start = 0; start < lines.length; start += LINES_PER_INSERT) {
      await write(db.insertInto('order_document_line').values(lines.slice(start, start + LINES_PER_INSERT)))
    }
  }
  return {
    get: (companyId, id) => oneWhere(companyId, 'id', id),
    findByNumber: (companyId, number) => oneWhere(companyId, 'number', number),
    async refsOf(companyId, ids) {
      if (ids.length === 0) return []
      const found = await rows(db.selectFrom('order_document').select(['document_type', 'id', 'number'])
        .where('company_id', '=', companyId).where('id', 'in', [...new Set(ids)]))
      return found.map((each) => ({ documentType: each.document_type as DocumentType, id: each.id, number: each.number }))
    },
    findByExternalId: (companyId, externalId) => oneWhere(companyId, 'external_id', externalId),
    list: (companyId, query) => listOrderDocuments(executor, companyId, query),
    listDerived: (companyId, documentId) =>
      executor.snapshot(async (reader) => withLines(reader, await reader.rows(derivedFrom(companyId, [documentId]).selectAll()))),
    async summariesDerivedFrom(companyId, documentIds) {
      if (documentIds.length === 0) return []
      const found = await rows(derivedFrom(companyId, documentIds).select(['document_type', 'id', 'number', 'status', 'preceding_document_id']))
      return found.map((each) => ({
        documentType: each.document_type as DocumentType, id: each.id, number: each.number, status: each.status, precedingDocumentId: each.preceding_document_id!,
      }))
    },
    async companiesWithOpenQuotesBefore(date, afterCompanyId, limit) {
      const found = await rows(db.selectFrom('order_document').select('company_id').distinct()
        .where('document_type', '=', 'QUOTE').where('status', '=', 'OPEN').where('valid_until', '<', date).where('company_id', '>', afterCompanyId)
        .orderBy('company_id').limit(limit))
      return found.map((each) => each.company_id)
    },
    existsForCustomer: (companyId, customerId) => exists(companyId, 'customer_id', customerId),
    existsForCategory: (companyId, categoryId) => exists(companyId, 'document_category_id', categoryId),
    async insert(document) {
      await write(db.insertInto('order_document').values(orderDocumentToRow(document)))
      await insertLines(document)
    },
    async update(document) {
      const { id, company_id, ...fields } = orderDocumentToRow(document)
      const updated = await row(db.updateTable('order_document').set(fields).where('id', '=', id).where('company_id', '=', company_id).returning('id'))
      if (!updated) return
      await write(db.deleteFrom('order_document_line').where('order_document_id', '=', id))
      await insertLines(document)
    },
    saveFulfilment: (document) => write(db.updateTable('order_document').set({
      status: document.status,
      completed_at: document.completedAt,
      completed_automatically: Number(document.completedAutomatically),
      delivery_status: document.deliveryStatus,
      invoice_status: document.invoiceStatus,
      converted_quantities: JSON.stringify(document.convertedQuantities),
      updated_at: document.updatedAt,
    }).where('id', '=', document.id).where('company_id', '=', document.companyId)),
    delete: (companyId, id) => write(db.deleteFrom('order_document').where('id', '=', id).where('company_id', '=', companyId)),
  }
}
