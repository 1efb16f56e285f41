import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely'

/**
 * The settings of the accounting and bank exports (company: JSON of what it set, defaults apply
 * when read) and each customer's ledger account and SEPA mandate details. Existing customers
 * get the defaults: a CORE mandate for recurring collections, never used.
 */
export const exportSettings: Migration = {
  async up(db: Kysely<any>) {
    const settings = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('{}')
    await db.schema.alterTable('company')
      .addColumn('datev', 'jsonb', settings)
      .addColumn('bmd', 'jsonb', settings)
      .addColumn('vat_return', 'jsonb', settings)
      .addColumn('sepa', 'jsonb', settings)
      .execute()
    await db.schema.alterTable('customer')
      .addColumn('ledger_account', 'text')
      .addColumn('sepa_mandate_type', 'text', (c) => c.notNull().defaultTo('CORE'))
      .addColumn('sepa_mandate_sequence', 'text', (c) => c.notNull().defaultTo('RECURRING'))
      // The collection date the mandate was last used for: a calendar date, whatever the name says.
      .addColumn('sepa_mandate_last_used_at', 'date')
      .execute()
  },
}
