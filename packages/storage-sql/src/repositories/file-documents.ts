import { type FileDocumentLink, type FileDocumentListQuery, type FileDocumentRepository, type FileLinkType } from '@invoicing/core'
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely'
import type { Database, FileDocumentTable } from '../database'
import type { Executor, QueryBuilder } from '../executor'
import { needleOf, type Needle } from '../search'
import { documentFromRow, documentToRow, linkFromRow, linkToRow } from './file-document-rows'
import { readPage } from './read-page'

/** The tables of the records each link type points to, each naming its customer; a CUSTOMER link names the customer itself. */
const CUSTOMER_OWNED_TARGETS = {
  INVOICE: 'invoice',
  QUOTE: 'order_document',
  ORDER_CONFIRMATION: 'order_document',
  DELIVERY_NOTE: 'order_document',
  ORDER: 'order_document',
  RECURRING_SCHEDULE: 'recurring_schedule',
} as const satisfies Record<Exclude<FileLinkType, 'CUSTOMER'>, keyof Database>

type OwnerTable = (typeof CUSTOMER_OWNED_TARGETS)[keyof typeof CUSTOMER_OWNED_TARGETS]

/** The link types whose records are rows of each owner table. */
const TYPES_BY_OWNER = Object.entries(CUSTOMER_OWNED_TARGETS).reduce((byOwner, [type, table]) => {
  byOwner.set(table, [...(byOwner.get(table) ?? []), type as FileLinkType])
  return byOwner
}, new Map<OwnerTable, FileLinkType[]>())

const HOST_SECRET_UPLOAD_SIGNING = 'upload-signing'

/**
 * The ids of the company's documents linked to the customer or to one of its records: one
 * lookup per target table through the link index, each by the records the customer owns
 * (found through that table's customer index).
 */
function linkedToCustomer(eb: ExpressionBuilder<Database, 'file_document'>, companyId: string, customerId: string) {
  const links = () => eb.selectFrom('file_document_link').select('file_document_link.document_id').where('file_document_link.company_id', '=', companyId)
  let documents = links().where('file_document_link.type', '=', 'CUSTOMER').where('file_document_link.target_id', '=', customerId)
  for (const [table, types] of TYPES_BY_OWNER) {
    // Each owner table has `id`, `company_id` and `customer_id`; kysely cannot see that through a generic name.
    // Unqualified, the names are the owner table's own (the innermost query's).
    const owned = eb.selectFrom(table as 'invoice').select('id').where('customer_id', '=', customerId).where('company_id', '=', companyId)
    documents = documents.unionAll(links().where('file_document_link.type', 'in', types).where('file_document_link.target_id', 'in', owned))
  }
  return eb('file_document.id', 'in', documents)
}

/**
 * The page and count queries of a company's document list: one status, the other filters
 * AND-combined, newest first. The list index serves the order (see migration 0015); the link
 * filters are lookups in the link index.
 */
export function documentListQueries({ db, dialect }: QueryBuilder, companyId: string, query: FileDocumentListQuery, needle?: Needle) {
  let filtered = db.selectFrom('file_document').where('file_document.company_id', '=', companyId).where('file_document.status', '=', query.status)
  if (query.category) filtered = filtered.where('file_document.category', '=', query.category)
  if (query.createdFrom) filtered = filtered.where('file_document.created_at', '>=', query.createdFrom)
  if (query.createdBefore) filtered = filtered.where('file_document.created_at', '<', query.createdBefore)
  if (needle) filtered = filtered.where((eb) => dialect.containsFolded(eb, 'file_document.search_text', needle))
  const { link, customerId } = query
  if (link) {
    filtered = filtered.where('file_document.id', 'in', db.selectFrom('file_document_link').select('document_id')
      .where('company_id', '=', companyId).where('type', '=', link.type).where('target_id', '=', link.targetId))
  }
  if (customerId) filtered = filtered.where((eb) => linkedToCustomer(eb, companyId, customerId))
  return {
    rows: filtered.selectAll('file_document').orderBy('file_document.created_at', 'desc').orderBy('file_document.id', 'desc')
      .limit(query.limit).offset(query.offset),
    total: filtered.select((eb) => eb.fn.countAll<number>().as('total')),
  }
}

/** AVAILABLE documents with a sendWithDocument link to the record, in link order. */
export function attachmentsQuery(db: Kysely<Database>, companyId: string, type: FileLinkType, targetId: string, limit: number) {
  return db.selectFrom('file_document_link').innerJoin('file_document', 'file_document.id', 'file_document_link.document_id')
    .selectAll('file_document')
    .where('file_document_link.company_id', '=', companyId).where('file_document_link.type', '=', type)
    .where('file_document_link.target_id', '=', targetId).where('file_document_link.send_with_document', '=', 1)
    .where('file_document.status', '=', 'AVAILABLE')
    .orderBy('file_document_link.created_at').orderBy('file_document_link.id').limit(limit)
}

/** PENDING_UPLOAD documents of every company created before `before`, oldest first. */
export const pendingCreatedBeforeQuery = (db: Kysely<Database>, before: string, limit: number) =>
  db.selectFrom('file_document').selectAll()
    .where('status', '=', 'PENDING_UPLOAD').where('created_at', '<', before)
    .orderBy('created_at').orderBy('seq').limit(limit)

/** The file keys due for removal by `dueBy`, earliest first. */
export const fileDeletionsDueQuery = (db: Kysely<Database>, dueBy: string, limit: number) =>
  db.selectFrom('file_deletion').select('key').where('at', '<=', dueBy).orderBy('at').orderBy('seq').limit(limit)

/**
 * Documents in `file_document`, their links in `file_document_link` (in the order they were
 * made: the rowid; deleted with the document by the foreign key's cascade). The race-safe
 * operations are each one statement the write lock orders, in one process or several: a link
 * is an INSERT … ON CONFLICT DO NOTHING on the unique (document, type, target); an upload claim
 * an UPDATE of an unclaimed row; the signing key an INSERT … ON CONFLICT DO NOTHING, then a
 * read of whichever value got in. RETURNING tells each caller whether its write happened.
 */
export function createFileDocumentRepository(executor: Executor): FileDocumentRepository {
  const { db, row, rows, write } = executor
  /** The documents of `found` with their links, read through `reader` (in the caller's snapshot). */
  const withLinks = async (found: Selectable<FileDocumentTable>[], reader: Executor = executor) => {
    if (found.length === 0) return []
    const links = await reader.rows(db.selectFrom('file_document_link').selectAll()
      .where('document_id', 'in', found.map((document) => document.id)).orderBy('seq'))
    const byDocument = new Map(found.map((document) => [document.id, [] as FileDocumentLink[]]))
    for (const link of links) byDocument.get(link.document_id)!.push(linkFromRow(link))
    return found.map((document) => documentFromRow(document, byDocument.get(document.id)!))
  }
  return {
    get: (companyId, id) => executor.snapshot(async (reader) => {
      const found = await reader.row(db.selectFrom('file_document').selectAll().where('id', '=', id).where('company_id', '=', companyId))
      return found && (await withLinks([found], reader))[0]
    }),
    list: async (companyId, query) => {
      const needle = await needleOf(executor, query.search, ['file_document.search_text'])
      return readPage(executor, documentListQueries(executor, companyId, query, needle), query, withLinks)
    },
    listAttachments: (companyId, type, targetId, limit) =>
      executor.snapshot(async (reader) => withLinks(await reader.rows(attachmentsQuery(db, companyId, type, targetId, limit)), reader)),
    async storedBytes(companyId) {
      const summed = await row(db.selectFrom('file_document').select((eb) => eb.fn.sum<number | null>('size').as('total')).where('company_id', '=', companyId))
      return Number(summed?.total ?? 0)
    },
    listPendingCreatedBefore: (before, limit) =>
      executor.snapshot(async (reader) => withLinks(await reader.rows(pendingCreatedBeforeQuery(db, before, limit)), reader)),
    listFileDeletions: async (dueBy, limit) =>
      (await rows(fileDeletionsDueQuery(db, dueBy, limit))).map((found) => found.key),
    async insert(document) {
      await write(db.insertInto('file_document').values(documentToRow(document)))
      if (document.links.length > 0) {
        await write(db.insertInto('file_document_link').values(document.links.map((link) => linkToRow(document.companyId, document.id, link))))
      }
    },
    async update(document) {
      const { id, company_id, ...fields } = documentToRow(document)
      await write(db.updateTable('file_document').set(fields).where('id', '=', id).where('company_id', '=', company_id))
    },
    delete: (companyId, id) => write(db.deleteFrom('file_document').where('id', '=', id).where('company_id', '=', companyId)),
    async insertLinkIfAbsent(companyId, documentId, link) {
      const document = await row(db.selectFrom('file_document').select('id').where('id', '=', documentId).where('company_id', '=', companyId))
      if (!document) return false
      const inserted = await row(db.insertInto('file_document_link').values(linkToRow(companyId, documentId, link))
        .onConflict((conflict) => conflict.columns(['document_id', 'type', 'target_id']).doNothing())
        .returning('id'))
      return inserted !== undefined
    },
    deleteLink: (companyId, documentId, linkId) => write(db.deleteFrom('file_document_link')
      .where('id', '=', linkId).where('document_id', '=', documentId).where('company_id', '=', companyId)),
    async claimUpload(companyId, id) {
      const claimed = await row(db.updateTable('file_document').set({ upload_claimed: 1 })
        .where('id', '=', id).where('company_id', '=', companyId).where('upload_claimed', '=', 0)
        .returning('id'))
      return claimed !== undefined
    },
    releaseUpload: (companyId, id) => write(db.updateTable('file_document').set({ upload_claimed: 0 }).where('id', '=', id).where('company_id', '=', companyId)),
    enqueueFileDeletion: (key, at) => write(db.insertInto('file_deletion').values({ key, at }).onConflict((conflict) => conflict.column('key').doNothing())),
    removeFileDeletion: (key) => write(db.deleteFrom('file_deletion').where('key', '=', key)),
    async uploadSigningKey(candidate) {
      await write(db.insertInto('host_secret').values({ name: HOST_SECRET_UPLOAD_SIGNING, value: candidate })
        .onConflict((conflict) => conflict.column('name').doNothing()))
      const stored = await row(db.selectFrom('host_secret').select('value').where('name', '=', HOST_SECRET_UPLOAD_SIGNING))
      return stored!.value
    },
  }
}
