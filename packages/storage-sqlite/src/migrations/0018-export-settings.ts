import type { Kysely, Migration } from 'kysely'

/**
 * The settings of the accounting and bank exports (company: JSON of what it set, defaults apply
 * when read) and each customer's ledger account and SEPA mandate details. Existing customers
 * get the defaults: a CORE mandate for recurring collections, never used.
 */
export const exportSettings: Migration = {
  async up(db: Kysely<any>) {
    for (const column of ['datev', 'bmd', 'vat_return', 'sepa']) {
      await db.schema.alterTable('company').addColumn(column, 'text', (c) => c.notNull().defaultTo('{}')).execute()
    }
    await db.schema.alterTable('customer').addColumn('ledger_account', 'text').execute()
    await db.schema.alterTable('customer').addColumn('sepa_mandate_type', 'text', (c) => c.notNull().defaultTo('CORE')).execute()
    await db.schema.alterTable('customer').addColumn('sepa_mandate_sequence', 'text', (c) => c.notNull().defaultTo('RECURRING')).execute()
    await db.schema.alterTable('customer').addColumn('sepa_mandate_last_used_at', 'text').execute()
  },
}
