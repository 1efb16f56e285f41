import { sql, type Compilable, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { Database } from '../database'
import type { SqlDialect } from '../dialect'
import type { Executor, QueryBuilder } from '../executor'
import { INDEXED_ROWS_AT_MOST, needleOf, type Needle, type SearchColumn } from '../search'

/** The tables of numbered documents that name a customer. */
type DocumentTable = 'invoice' | 'order_document'

/** The tables of records that name a customer, searched by that customer's current name. */
type CustomerOwnedTable = DocumentTable | 'recurring_schedule'

/** What a document list's search reads: the number, and the customer's current name. */
const documentSearchColumns = (table: DocumentTable): SearchColumn[] => [`${table}.search_number`, 'customer.search_name']

/**
 * The company's documents whose number holds the needle, and those of the customers whose
 * current name holds it (in either part, or both: read them as a set).
 */
function documentsHolding({ db, dialect }: QueryBuilder, table: DocumentTable, companyId: string, needle: Needle) {
  // Both tables have these columns; kysely cannot see that through a generic name.
  const documents = () => db.selectFrom(table as 'invoice').select(dialect.insertionOrder.as('row'))
  return documents().where((eb) => eb.and([dialect.containsFolded(eb, `${table}.search_number`, needle), dialect.equalsOnFoundRows(eb, `${table}.company_id`, companyId)]))
    .unionAll(documents().where('company_id', '=', companyId).where((eb) => customerNameContains(dialect, eb, companyId, needle)))
}

/**
 * Where a document list starts: the documents the text indexes name when the needle is
 * indexed (few documents hold it), otherwise all the company's documents, in list order.
 */
export function documentsToList<TB extends DocumentTable>(builder: QueryBuilder, table: TB, companyId: string, needle: Needle | undefined) {
  // Both tables have these columns; kysely cannot see that through a generic name.
  const documents = builder.db.selectFrom(table as 'invoice')
  const start = needle?.indexed
    ? documents.where(builder.dialect.insertionOrder, 'in', documentsHolding(builder, table, companyId, needle))
    : documents.where('company_id', '=', companyId)
  return start as unknown as SelectQueryBuilder<Database, TB, object>
}

/**
 * The filtered list with a needle that is tested on each row applied, and its count; a list that
 * started from the indexed documents (or has no search) is the filtered list itself.
 */
export function searchedDocuments<TB extends DocumentTable>(
  builder: QueryBuilder,
  filtered: SelectQueryBuilder<Database, TB, object>,
  table: TB,
  companyId: string,
  needle: Needle | undefined,
  counted: CountedFilters | undefined,
): { matching: SelectQueryBuilder<Database, TB, object>; total: Compilable<{ total: number }> } {
  // Both tables have these columns; kysely cannot see that through a generic name.
  const documents = filtered as unknown as SelectQueryBuilder<Database, 'invoice', object>
  const kept = counted && keptCountOf(builder, table, companyId, needle, counted)
  if (!needle || needle.indexed) return { matching: filtered, total: kept ?? documents.select((eb) => eb.fn.countAll<number>().as('total')) }
  const matching = documents.where((eb) => numberOrCustomerNameContains(builder.dialect, eb, table, companyId, needle))
  return { matching: matching as unknown as typeof filtered, total: kept ?? countOfDocumentsHolding(builder, filtered, table, companyId, needle) }
}

/**
 * A list's filters besides the search, where they are ones the kept counts answer (the type
 * alone, or none); a list with any other filter passes none and counts its rows.
 */
export interface CountedFilters {
  documentType?: string
}

/** The column of a document's type. */
const typeColumnOf = { invoice: 'invoice.invoice_type', order_document: 'order_document.document_type' } as const

/** The longest needle the kept counts hold the parts of; longer ones the trigram indexes find. */
const COUNTED_PART_AT_MOST = 2

/**
 * The list's total from the counts the database keeps (`keepsDocumentCounts`): without a search,
 * one sum; with a needle of one or two characters, one sum and the documents of one side of the
 * customers, named or not, tested each (the side with fewer customers):
 * - the documents holding the needle in their number, and those of the named customers that do not;
 * - or every document, less those of the other customers that do not hold it.
 * Undefined where the counts do not answer: none kept, an indexed needle (its rows are few), a longer one.
 */
function keptCountOf(
  { db, dialect }: QueryBuilder,
  table: DocumentTable,
  companyId: string,
  needle: Needle | undefined,
  { documentType }: CountedFilters,
): Compilable<{ total: number }> | undefined {
  if (!dialect.keepsDocumentCounts || needle?.indexed || (needle && [...needle.text].length > COUNTED_PART_AT_MOST)) return undefined
  const kept = (part: string) => {
    // Both count tables have these columns; kysely cannot see that through a generic name.
    let counts = db.selectFrom(`${table}_count` as 'invoice_count').where('company_id', '=', companyId).where('number_part', '=', part)
    if (documentType) counts = counts.where('document_type', '=', documentType)
    return counts.select(sql<number>`coalesce(sum(documents), 0)`.as('documents'))
  }
  if (!needle) return db.selectNoFrom(sql<number>`(${kept('')})`.as('total'))
  // Along the customer index, which holds the type and the number too. Both tables have these
  // columns; kysely cannot see that through a generic name.
  let documents = db.selectFrom(table as 'invoice').where('company_id', '=', companyId)
  if (documentType) documents = documents.where((eb) => dialect.equalsOnFoundRows(eb, typeColumnOf[table], documentType))
  const customers = (named: boolean) => db.selectFrom('customer').select((eb) => eb.fn.countAll<number>().as('customers'))
    .where('customer.company_id', '=', companyId).where((eb) => nameHolds(dialect, eb, needle, named))
  const notHolding = (named: boolean) => documents.select((eb) => eb.fn.countAll<number>().as('count')).where((eb) => eb.and([
    eb('customer_id', 'in', customersNamed(dialect, eb, companyId, needle, named)),
    eb.not(dialect.containsFolded(eb, `${table}.search_number`, needle)),
  ]))
  return db.selectNoFrom(sql<number>`case when (${customers(true)}) <= (${customers(false)})
    then (${kept(needle.text)}) + (${notHolding(true)})
    else (${kept('')}) - (${notHolding(false)}) end`.as('total'))
}

/**
 * The needle of a document list's `search`. The indexes count customers, and one customer may
 * hold thousands of documents: where they find the needle, the documents are counted too.
 */
export async function documentNeedleOf(executor: Executor, table: DocumentTable, companyId: string, search: string | undefined): Promise<Needle | undefined> {
  const needle = await needleOf(executor, search, documentSearchColumns(table))
  if (!needle?.indexed) return needle
  const held = await executor.row(executor.db.selectFrom(documentsHolding(executor, table, companyId, needle).limit(INDEXED_ROWS_AT_MOST + 1).as('held'))
    .select((eb) => eb.fn.countAll<number>().as('count')))
  return Number(held?.count ?? 0) <= INDEXED_ROWS_AT_MOST ? needle : { ...needle, indexed: false }
}

/** Whether the record's customer's current name contains the needle, literally. */
export function customerNameContains<TB extends CustomerOwnedTable>(
  dialect: SqlDialect,
  eb: ExpressionBuilder<Database, TB>,
  companyId: string,
  needle: Needle,
): Expression<SqlBool> {
  // Every such table has `customer_id`; kysely cannot see that through a generic name.
  const records = eb as unknown as ExpressionBuilder<Database, 'invoice'>
  return records('customer_id', 'in', customersNamed(dialect, records, companyId, needle, true))
}

/** The ids of the company's customers whose current name holds the needle (or, `holding` false, does not). */
function customersNamed(dialect: SqlDialect, eb: ExpressionBuilder<Database, 'invoice'>, companyId: string, needle: Needle, holding: boolean) {
  return eb.selectFrom('customer').select('customer.id')
    .where((inner) => needle.indexed ? dialect.equalsOnFoundRows(inner, 'customer.company_id', companyId) : inner('customer.company_id', '=', companyId))
    .where((inner) => nameHolds(dialect, inner, needle, holding))
}

/** Whether the customer's current name holds the needle (or, `holding` false, does not). */
const nameHolds = (dialect: SqlDialect, eb: ExpressionBuilder<Database, 'customer'>, needle: Needle, holding: boolean) =>
  holding ? dialect.containsFolded(eb, 'customer.search_name', needle) : eb.not(dialect.containsFolded(eb, 'customer.search_name', needle))

/**
 * Whether a document's number or its customer's current name contains the needle, literally
 * (`%` and `_` are plain characters) and folded, so case does not count.
 */
function numberOrCustomerNameContains<TB extends DocumentTable>(
  dialect: SqlDialect,
  eb: ExpressionBuilder<Database, TB>,
  table: DocumentTable,
  companyId: string,
  needle: Needle,
): Expression<SqlBool> {
  // Both tables have these columns; kysely cannot see that through a generic name.
  const documents = eb as unknown as ExpressionBuilder<Database, 'invoice'>
  return documents.or([dialect.containsFolded(documents, `${table}.search_number`, needle), customerNameContains(dialect, documents, companyId, needle)])
}

/**
 * The count of a document list whose search is tested on each row, as two disjoint parts, both
 * read along the customer index: the documents of customers whose name holds the needle, without
 * a test each, and those of the other customers whose number holds it (the index holds the
 * number). So each document is read once, and the number is searched only where the name did
 * not answer: a needle every customer's name holds costs one count. One test of both on every
 * row would look each row up in the customers' set and search its number too.
 */
function countOfDocumentsHolding<TB extends DocumentTable>(
  { db, dialect }: QueryBuilder,
  filtered: SelectQueryBuilder<Database, TB, object>,
  table: TB,
  companyId: string,
  needle: Needle,
) {
  // Both tables have these columns; kysely cannot see that through a generic name.
  const documents = filtered as unknown as SelectQueryBuilder<Database, 'invoice', object>
  const counted = (query: typeof documents) => query.select((eb) => eb.fn.countAll<number>().as('count'))
  const ofNamedCustomers = counted(documents.where((eb) => customerNameContains(dialect, eb, companyId, needle)))
  // Every document's customer is one of its company's, so the two sets of customers cover them all.
  const byNumberAlone = counted(documents.where((eb) => eb.and([
    eb('customer_id', 'in', customersNamed(dialect, eb, companyId, needle, false)),
    dialect.containsFolded(eb, `${table}.search_number`, needle),
  ])))
  return db.selectNoFrom(sql<number>`(${ofNamedCustomers}) + (${byNumberAlone})`.as('total'))
}
