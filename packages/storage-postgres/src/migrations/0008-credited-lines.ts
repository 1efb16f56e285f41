import { type Kysely, type Migration } from 'kysely'

/**
 * Which invoice line a credit-note line credits, so no line is credited beyond its quantity.
 * Credit notes made before stay unlinked (null): only the invoice total bounds them.
 */
export const creditedLines: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('invoice_line').addColumn('credited_line_id', 'text').execute()
  },
}
