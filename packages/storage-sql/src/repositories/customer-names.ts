import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { Database } from '../database'
import type { SqlDialect } from '../dialect'
import type { Needle } from '../search'

/** The tables of records that name a customer, searched by that customer's current name. */
type CustomerOwnedTable = 'invoice' | 'order_document' | 'recurring_schedule'

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

/**
 * Whether any of the company's customers has a name that holds the needle: asked once, before a
 * test of `customerNameContains` on each of many rows, it spares every row the lookup when none does.
 */
export const someCustomerNamed = (dialect: SqlDialect, eb: ExpressionBuilder<Database, 'invoice'>, companyId: string, needle: Needle) =>
  eb.exists(customersNamed(dialect, eb, companyId, needle, true))

/** The ids of the company's customers whose current name holds the needle (or, `holding` false, does not). */
export function customersNamed(dialect: SqlDialect, eb: ExpressionBuilder<Database, 'invoice'>, companyId: string, needle: Needle, holding: boolean) {
  return eb.selectFrom('customer').select('customer.id')
    .where((inner) => needle.indexed ? dialect.equalsOnFoundRows(inner, 'customer.company_id', companyId) : inner('customer.company_id', '=', companyId))
    .where((inner) => nameHolds(dialect, inner, needle, holding))
}

/** Whether the customer's current name holds the needle (or, `holding` false, does not). */
export const nameHolds = (dialect: SqlDialect, eb: ExpressionBuilder<Database, 'customer'>, needle: Needle, holding: boolean) =>
  holding ? dialect.containsFolded(eb, 'customer.search_name', needle) : eb.not(dialect.containsFolded(eb, 'customer.search_name', needle))
