import { sql, type Compilable } from 'kysely'
import type { QueryBuilder } from '../executor'
import type { Needle } from '../search'
import { customersNamed, nameHolds } from './customer-names'

/** The tables of numbered documents that name a customer. */
export type DocumentTable = 'invoice' | 'order_document'

/**
 * A list's filters besides the search, where they are ones the kept counts answer (the type
 * alone, or none); a list with any other filter passes none and counts its rows.
 */
export interface CountedFilters {
  documentType?: string
}

/** The column of a document's type. */
export const typeColumnOf = { invoice: 'invoice.invoice_type', order_document: 'order_document.document_type' } as const

/** The longest needle the kept counts hold the parts of; longer ones the trigram indexes find. */
const COUNTED_PART_AT_MOST = 2

/**
 * The list's total from the counts the database keeps (`keepsDocumentCounts`): without a search,
 * one sum; with a needle of one or two characters, one sum and the documents of one side of the
 * customers, named or not, tested each (the side with fewer customers):
 * - the documents holding the needle in their number, and those of the named customers that do not;
 * - or every document, less those of the other customers that do not hold it.
 * Undefined where the counts do not answer: none kept, an indexed needle (its rows are few), a longer one.
 * Every document's customer is one of its company's (the engine checks it on each write), so the
 * two sides of the customers hold every document.
 */
export function keptCountOf(
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
