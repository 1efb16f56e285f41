import { sql, type Compilable } from 'kysely'
import type { Executor, QueryBuilder } from '../executor'
import { STEM_INDEXES, stemsDecide, stemsHolding, type StemsHolding } from '../number-stems'
import type { Needle } from '../search'
import type { ListFilters } from './document-search'
import { typeColumnOf, type DocumentTable } from './kept-document-counts'

/** How many stems a company's documents (of one type) may have for a search to read them stem by stem. */
const STEMS_READ_AT_MOST = 100

/** How many stems may hold a needle for its page and count to be read stem by stem. */
const STEM_PARTS_AT_MOST = 16

/**
 * The company's distinct stems (of one type, where the stems' index leads with it), up to one
 * more than `STEMS_READ_AT_MOST`: each the least one above the last, read from the stems'
 * index, so one index lookup per stem however many documents hold it.
 */
export function stemsQuery({ db }: QueryBuilder, table: DocumentTable, companyId: string, documentType: string | undefined): Compilable<{ value: string }> {
  const documents = sql.table(table)
  const ofCompany = sql`company_id = ${companyId}${documentType ? sql` and ${sql.ref(typeColumnOf[table])} = ${documentType}` : sql``}`
  const stems = sql<{ value: string }>`with recursive stem(value, step) as (
      select (select min(number_stem) from ${documents} where ${ofCompany}), 1
      union all
      select (select min(number_stem) from ${documents} where ${ofCompany} and number_stem > stem.value), step + 1 from stem
      where stem.value is not null and step <= ${STEMS_READ_AT_MOST})
    select value from stem where value is not null`
  return { compile: () => stems.compile(db) }
}

/**
 * Which of the company's stems hold the needle, where they decide it (`stemsHolding`): in a
 * list whose type and filters the stems' index holds (`STEM_INDEXES`), when the stems are few,
 * and when no customer's current name holds the needle (then every document that holds it is
 * one of those stems'). Read in the page's snapshot: they decide which documents it holds.
 */
export async function stemsOfNeedle<TB extends DocumentTable>(
  executor: Executor, table: TB, companyId: string, needle: Needle, { documentType, filters }: ListFilters<TB>,
): Promise<StemsHolding | undefined> {
  const { typeLeads, columns } = STEM_INDEXES[table]
  const held = (!documentType || typeLeads) && filters.every(([column, , value]) => !value || (columns as readonly string[]).includes(column))
  if (!held || !stemsDecide(needle.text)) return undefined
  const named = await executor.row(executor.db.selectFrom('customer').select('id').where('company_id', '=', companyId)
    .where((eb) => executor.dialect.containsFolded(eb, 'customer.search_name', needle)).limit(1))
  if (named) return undefined
  const found = await executor.rows(stemsQuery(executor, table, companyId, typeLeads ? documentType : undefined))
  if (found.length > STEMS_READ_AT_MOST) return undefined
  const holding = stemsHolding(needle.text, found.map((row) => row.value))
  return holding && holding.whole.length + holding.tested.length <= STEM_PARTS_AT_MOST ? holding : undefined
}
