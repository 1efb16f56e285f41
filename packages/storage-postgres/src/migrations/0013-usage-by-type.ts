import type { Kysely, Migration } from 'kysely'

/**
 * Documents issued per month and document type, beside the month's total that the quota is
 * checked against. Months before this migration have the total only.
 */
export const usageByType: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('usage_document_count')
      .addColumn('company_id', 'text', (column) => column.notNull().references('company.id').onDelete('cascade'))
      // 'YYYY-MM'.
      .addColumn('month', 'text', (column) => column.notNull())
      .addColumn('document_type', 'text', (column) => column.notNull())
      .addColumn('issued', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('usage_document_count_pk', ['company_id', 'month', 'document_type'])
      .execute()
  },
}
