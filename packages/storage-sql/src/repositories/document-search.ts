import { foldForSearch } from '@invoicing/core'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { Database } from '../database'
import type { SqlDialect } from '../dialect'

/** The tables of numbered documents that name a customer. */
type DocumentTable = 'invoice' | 'order_document'

/** The tables of records that name a customer, searched by that customer's current name. */
type CustomerOwnedTable = DocumentTable | 'recurring_schedule'

/** Whether the record's customer's current name contains the folded `needle`, literally. */
export function customerNameContains<TB extends CustomerOwnedTable>(
  { containsFolded }: SqlDialect,
  eb: ExpressionBuilder<Database, TB>,
  companyId: string,
  needle: string,
): Expression<SqlBool> {
  // Every such table has `customer_id`; kysely cannot see that through a generic name.
  const records = eb as unknown as ExpressionBuilder<Database, 'invoice'>
  return records('customer_id', 'in', records.selectFrom('customer').select('customer.id')
    .where('customer.company_id', '=', companyId)
    .where((inner) => containsFolded(inner, 'customer.search_name', needle)))
}

/**
 * Whether a document's number or its customer's current name contains `search`, literally
 * (`%` and `_` are plain characters) and folded, so case does not count.
 */
export function numberOrCustomerNameContains<TB extends DocumentTable>(
  dialect: SqlDialect,
  eb: ExpressionBuilder<Database, TB>,
  companyId: string,
  search: string,
): Expression<SqlBool> {
  const needle = foldForSearch(search)
  // Both tables have these columns; kysely cannot see that through a generic name.
  const documents = eb as unknown as ExpressionBuilder<Database, 'invoice'>
  return documents.or([dialect.containsFolded(documents, 'search_number', needle), customerNameContains(dialect, documents, companyId, needle)])
}
