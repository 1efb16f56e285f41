import type { Page } from '@invoicing/core'
import { sql, type ExpressionBuilder, type Selectable, type SelectQueryBuilder } from 'kysely'
import type { Database } from '../database'
import type { Executor, QueryBuilder } from '../executor'
import { INDEXED_ROWS_AT_MOST, needleOf, type Needle, type SearchColumn } from '../search'
import type { StemsHolding } from '../number-stems'
import { customerNameContains, customersNamed, someCustomerNamed } from './customer-names'
import { stemsOfNeedle } from './document-stems'
import { keptCountOf, typeColumnOf, type CountedFilters, type DocumentTable } from './kept-document-counts'
import { readPage, type PageQueries } from './read-page'

export type { CountedFilters } from './kept-document-counts'

/** What a document list's search reads: the number, and the customer's current name. */
const documentSearchColumns = (table: DocumentTable): SearchColumn[] => [`${table}.search_number`, 'customer.search_name']

/** A document list's order: these columns, each descending; the last one breaks every tie. */
export type DocumentListOrder = readonly ('issue_date' | 'created_at' | 'seq' | 'number')[]

/** Both tables have the columns used here; kysely cannot see that through a generic name. */
type Documents = SelectQueryBuilder<Database, 'invoice', object>

/**
 * A document list's needle. `stems`, where `stemsOfNeedle` knows them: which of the company's
 * number stems hold the needle, which decide the list's page and total (see `documentListPage`).
 */
export interface DocumentNeedle extends Needle {
  readonly stems?: StemsHolding
}

/** `query` sorted in a list's order. */
const inOrder = (order: DocumentListOrder) => <Q extends SelectQueryBuilder<any, any, any>>(query: Q): Q =>
  order.reduce((sorted, column) => sorted.orderBy(column, 'desc') as Q, query)

/**
 * The company's documents whose number holds the needle, and those of the customers whose
 * current name holds it (in either part, or both: read them as a set), of one type if given.
 * The company and the type are tested on the rows found, so the customers' part reads the
 * customer index, which holds both.
 */
function documentsHolding({ db, dialect }: QueryBuilder, table: DocumentTable, companyId: string, needle: Needle, documentType?: string): [Documents, Documents] {
  const documents = () => {
    const all = db.selectFrom(table as 'invoice').where((eb) => dialect.equalsOnFoundRows(eb, `${table}.company_id`, companyId))
    return documentType ? all.where((eb) => dialect.equalsOnFoundRows(eb, typeColumnOf[table], documentType)) : all
  }
  return [
    documents().where((eb) => dialect.containsFolded(eb, `${table}.search_number`, needle)),
    documents().where((eb) => customerNameContains(dialect, eb, companyId, needle)),
  ]
}

/** The rows of both parts: all of them, or each once. */
const rowsOf = ({ dialect }: QueryBuilder, [byNumber, byName]: [Documents, Documents]) => {
  const row = (part: Documents) => part.select(dialect.insertionOrder.as('row'))
  return { all: row(byNumber).unionAll(row(byName)), distinct: row(byNumber).union(row(byName)) }
}

/** The rows of both parts, each once, with the list's columns (which each index of the parts holds). */
const orderedRowsOf = ({ dialect }: QueryBuilder, [byNumber, byName]: [Documents, Documents], order: DocumentListOrder) => {
  const keyed = (part: Documents) => part.select([dialect.insertionOrder.as('row'), ...order as ('issue_date' | 'created_at' | 'seq')[]])
  return keyed(byNumber).union(keyed(byName))
}

/**
 * The queries of one page of a document list and its total. `listed` is the list from
 * `documentsToList` with the list's type, if any; `filters` narrow it, and where they are the
 * type alone the kept counts may give the total.
 * - Without a search, or with a needle tested on each row: the list read in its order. Where
 *   such a needle's total is not kept, the dialect may count it on from the page's last document
 *   (`countsOnFromThePage`): a needle the oldest documents hold is then tested on the newer ones
 *   for the page, not again for the total. Where the dialect `readsPageKeysFirst`, a page that
 *   passes rows over (an offset, a search) takes its keys from the list's index and then reads
 *   only its own rows. Where the database plans the needle's parts apart (`partsPlannedApart`),
 *   the page's keys are instead the first rows of each part (number; customer name, number
 *   not), each from a subquery of its own, merged.
 * - With a needle whose `stems` are known: the documents of each
 *   stem that holds it, each stem a range of the stems' index in list order (its numbers tested
 *   where the needle may run into their tails), and counted there unless the counts are kept.
 *   Several stems are merged while their keys are few; past that the list is read in its order
 *   and only the numbers tested.
 * - With a needle the text indexes find in few documents: those documents, sorted. Filtered by
 *   the type alone, they are sorted by the list's columns from the customer index and the page's
 *   rows read alone, and counted as a set; otherwise each is read and filtered, then sorted.
 */
export function documentListPage<TB extends DocumentTable>(
  builder: QueryBuilder,
  listed: SelectQueryBuilder<Database, TB, object>,
  { table, companyId, needle, filters, order }: { table: TB; companyId: string; needle: DocumentNeedle | undefined; filters: ListFilters<TB>; order: DocumentListOrder },
  { limit, offset }: { limit: number; offset: number },
): PageQueries<Selectable<Database[TB]>> {
  const { db, dialect } = builder
  const documents = narrowedBy(listed, filters.filters) as unknown as Documents
  const counted = countedBy(filters)
  const ordered = inOrder(order)
  const countOf = (query: Documents) => query.select((eb) => eb.fn.countAll<number>().as('total'))
  // The rows of a page whose keys (insertion order) a query found, in list order.
  const rowsByKey = (keys: SelectQueryBuilder<any, any, { row: number }>) => ordered(db.selectFrom(table as 'invoice').selectAll().where(dialect.insertionOrder, 'in', keys)) as never
  if (needle?.indexed && counted) {
    const held = documentsHolding(builder, table, companyId, needle, counted.documentType)
    const page = ordered(db.selectFrom(orderedRowsOf(builder, held, order).as('held')).select('row')).limit(limit).offset(offset)
    return {
      rows: rowsByKey(page),
      total: db.selectFrom(rowsOf(builder, held).distinct.as('held')).select((eb) => eb.fn.countAll<number>().as('total')),
    }
  }
  const kept = counted && keptCountOf(builder, table, companyId, needle, counted)
  // Keys first where rows are passed over (by the offset, or as not matching a search): only the page's are read.
  const page = (matching: Documents) => dialect.readsPageKeysFirst && (needle || offset > 0)
    ? rowsByKey(ordered(matching.select(dialect.insertionOrder.as('row'))).limit(limit).offset(offset))
    : ordered(matching.selectAll(table as 'invoice')).limit(limit).offset(offset) as never
  if (!needle || needle.indexed) return { rows: page(documents), total: kept ?? countOf(documents) }
  const holdsNumber = (eb: ExpressionBuilder<Database, 'invoice'>) => dialect.containsFolded(eb, `${table}.search_number`, needle)
  const holdsName = (eb: ExpressionBuilder<Database, 'invoice'>) => eb.and([someCustomerNamed(dialect, eb, companyId, needle), customerNameContains(dialect, eb, companyId, needle)])
  // Each stem's part comes from the stems' index in list order. Several parts are merged from
  // their first `offset + limit` keys each while they are no more than an indexed needle's rows
  // sorted; past that the list is read in its order, where a needle most documents hold is found
  // at once (3 ms at offset 2,000, against 7 ms merged from three stems).
  if (needle.stems) {
    const ofStem = (stem: string) => documents.where(`${table as 'invoice'}.number_stem`, '=', stem)
    const parts = [...needle.stems.whole.map(ofStem), ...needle.stems.tested.map((stem) => ofStem(stem).where(holdsNumber))]
    const total = kept ?? db.selectNoFrom(sql<number>`${sql.join([sql`0`, ...parts.map((part) => sql`(${countOf(part)})`)], sql` + `)}`.as('total'))
    // No part: no document holds the needle, and the page is never read past a total of 0.
    if (parts.length === 0) return { rows: page(documents.where(sql<boolean>`false`)), total }
    // One part's keys from the stems' index alone, which holds the list's filters too (an index
    // of a filter would give the order as well, but test each of its rows' stems in the table).
    if (parts.length === 1) return { rows: rowsByKey(ordered(parts[0]!.select(dialect.insertionOrder.as('row'))).limit(limit).offset(offset)), total }
    const merged = parts.length * (offset + limit) <= INDEXED_ROWS_AT_MOST
    return { rows: merged ? rowsByKey(pageKeysOfEither(builder, parts, order, { limit, offset })) : page(documents.where(holdsNumber)), total }
  }
  // Disjoint parts where they are read apart: each document is in one, so no doubles are looked for.
  const rows = needle.partsPlannedApart
    ? rowsByKey(pageKeysOfEither(builder, [documents.where(holdsNumber), documents.where((eb) => eb.and([holdsName(eb), eb.not(holdsNumber(eb))]))], order, { limit, offset }))
    : page(documents.where((eb) => eb.or([holdsNumber(eb), holdsName(eb)])))
  if (kept) return { rows, total: kept }
  const total = countOfDocumentsHolding(builder, documents, table, companyId, needle)
  if (!dialect.countsOnFromThePage) return { rows, total }
  return {
    rows,
    total,
    countAfter: (last) => db.selectNoFrom(sql<number>`${sql.join(stretchesAfter(table, order, last)
      .map((stretch) => sql`(${countOfDocumentsHolding(builder, documents.where(stretch), table, companyId, needle)})`), sql` + `)}`.as('total')),
  }
}

/**
 * The keys of a page of the documents in either of disjoint parts, in list order: each part's
 * first `offset + limit` documents, each from a subquery of its own, merged. The database plans
 * each subquery apart, so an index may serve one (the number's trigram index) where one
 * condition of both would be tested row by row.
 */
function pageKeysOfEither({ db, dialect }: QueryBuilder, parts: Documents[], order: DocumentListOrder, { limit, offset }: { limit: number; offset: number }) {
  const ordered = inOrder(order)
  const first = (part: Documents) => db.selectFrom(ordered(part.select([dialect.insertionOrder.as('row'), ...order as ('issue_date' | 'created_at' | 'seq')[]])).limit(offset + limit).as('part')).selectAll()
  const either = parts.map(first).reduce((merged, part) => merged.unionAll(part))
  return ordered(db.selectFrom(either.as('either')).select('row')).limit(limit).offset(offset)
}

/**
 * The documents after `last` in a list ordered by `order` (every column descending), as
 * disjoint stretches an index reads as one range each: equal to `last` in the first columns,
 * before it in the next. (One row-value comparison is read as a range of its first columns
 * only, and compared again on every row, which doubled the cost of a count.)
 */
function stretchesAfter(table: DocumentTable, order: DocumentListOrder, last: object) {
  const values = last as Record<DocumentListOrder[number], unknown>
  const ref = (column: DocumentListOrder[number]) => sql.ref(`${table}.${column}`)
  return order.map((column, index) => (eb: ExpressionBuilder<Database, 'invoice'>) => eb.and([
    ...order.slice(0, index).map((equal) => eb(ref(equal), '=', values[equal])),
    eb(ref(column), '<', values[column]),
  ]))
}

/** A filter of a document list besides its type: a column, how it compares, and the value asked (none: not asked). */
export type DocumentFilter<TB extends DocumentTable> = readonly [column: keyof Database[TB] & string, operator: '=' | '<' | '<=' | '>=', value: string | undefined]

/** `documents` narrowed by the filters asked (a filter's value missing: not asked). */
function narrowedBy<TB extends DocumentTable>(documents: SelectQueryBuilder<Database, TB, object>, filters: readonly DocumentFilter<TB>[]) {
  // The column is one of the table's; kysely cannot see that through a generic name.
  return filters.filter(([, , value]) => value).reduce((query, [column, operator, value]) => query.where(column as never, operator, value as never), documents)
}

/**
 * The list's filters as the kept counts may answer them: the type alone, where none of the
 * others was asked. One table of filters, so a filter added to a list cannot be left out of
 * that choice.
 */
const countedBy = <TB extends DocumentTable>({ documentType, filters }: ListFilters<TB>): CountedFilters | undefined =>
  filters.every(([, , value]) => !value) ? { documentType } : undefined

/**
 * Where a document list starts: the documents the text indexes name when the needle is
 * indexed (few documents hold it), otherwise all the company's documents, in list order.
 */
export function documentsToList<TB extends DocumentTable>(builder: QueryBuilder, table: TB, companyId: string, needle: Needle | undefined) {
  const documents = builder.db.selectFrom(table as 'invoice')
  const start = needle?.indexed
    ? documents.where(builder.dialect.insertionOrder, 'in', rowsOf(builder, documentsHolding(builder, table, companyId, needle)).all)
    : documents.where('company_id', '=', companyId)
  return start as unknown as SelectQueryBuilder<Database, TB, object>
}

/** A list's type, if it names one, and its other filters. */
export interface ListFilters<TB extends DocumentTable> {
  readonly documentType: string | undefined
  readonly filters: readonly DocumentFilter<TB>[]
}

/**
 * One page of a document list. The needle is read in the page's snapshot: the number stems it
 * reads decide which documents the page holds.
 */
export function readDocumentListPage<TB extends DocumentTable, Row, Item>(
  executor: Executor,
  table: TB,
  companyId: string,
  query: { search?: string | undefined; limit: number; offset: number },
  listed: ListFilters<TB>,
  queriesOf: (reader: Executor, needle: DocumentNeedle | undefined) => PageQueries<Row>,
  toItems: (rows: Row[], reader: Executor) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  return executor.snapshot(async (reader) => {
    const needle = await documentNeedleOf(reader, table, companyId, query.search, listed)
    return readPage(reader, queriesOf(reader, needle), query, toItems)
  })
}

/**
 * The needle of a document list's `search`. The indexes count customers, and one customer may
 * hold thousands of documents: where they find the needle, the documents are counted too. A
 * needle tested on each row gets the stems that hold it where they decide it (`stemsOfNeedle`).
 */
async function documentNeedleOf<TB extends DocumentTable>(executor: Executor, table: TB, companyId: string, search: string | undefined, listed: ListFilters<TB>): Promise<DocumentNeedle | undefined> {
  const needle = await needleOf(executor, search, documentSearchColumns(table))
  if (!needle) return undefined
  if (needle.indexed) {
    const held = rowsOf(executor, documentsHolding(executor, table, companyId, needle)).all
    const found = await executor.row(executor.db.selectFrom(held.limit(INDEXED_ROWS_AT_MOST + 1).as('held')).select((eb) => eb.fn.countAll<number>().as('count')))
    if (Number(found?.count ?? 0) <= INDEXED_ROWS_AT_MOST) return needle
  }
  const unindexed = { ...needle, indexed: false }
  return { ...unindexed, stems: await stemsOfNeedle(executor, table, companyId, unindexed, listed) }
}

/**
 * The count of a document list whose search is tested on each row, as two disjoint parts, both
 * read along the customer index: the documents of customers whose name holds the needle, without
 * a test each, and those of the other customers whose number holds it (the index holds the
 * number). So each document is read once, and the number is searched only where the name did
 * not answer: a needle every customer's name holds costs one count. One test of both on every
 * row would look each row up in the customers' set and search its number too.
 */
function countOfDocumentsHolding({ db, dialect }: QueryBuilder, documents: Documents, table: DocumentTable, companyId: string, needle: Needle) {
  const counted = (query: Documents) => query.select((eb) => eb.fn.countAll<number>().as('count'))
  const ofNamedCustomers = counted(documents.where((eb) => customerNameContains(dialect, eb, companyId, needle)))
  // Every document's customer is one of its company's, so the two sets of customers cover them all.
  const byNumberAlone = counted(documents.where((eb: ExpressionBuilder<Database, 'invoice'>) => eb.and([
    eb('customer_id', 'in', customersNamed(dialect, eb, companyId, needle, false)),
    dialect.containsFolded(eb, `${table}.search_number`, needle),
  ])))
  return db.selectNoFrom(sql<number>`(${ofNamedCustomers}) + (${byNumberAlone})`.as('total'))
}
