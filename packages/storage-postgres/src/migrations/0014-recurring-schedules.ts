import { sql, type Kysely, type Migration } from 'kysely'
import { addSearchIndex } from './search-index'

/**
 * Recurring schedules (`recurring_schedule`) and the dates they processed
 * (`recurring_occurrence`, one row per schedule and date, deleted with the schedule), and the
 * schedule and date an invoice was made for.
 */
export const recurringSchedules: Migration = {
  async up(db: Kysely<any>) {
    await createScheduleTable(db)
    await createOccurrenceTable(db)
    await db.schema.alterTable('invoice')
      .addColumn('recurring_schedule_id', 'text')
      .addColumn('recurring_occurrence_date', 'date')
      .execute()
  },
}

async function createScheduleTable(db: Kysely<any>) {
  await db.schema.createTable('recurring_schedule')
    .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search_name', 'text', (c) => c.notNull())
    // A customer with schedules cannot be deleted, whatever the caller checked.
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customer.id'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    // The invoice create request the caller set up: a JSON object.
    .addColumn('template', 'jsonb', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('interval_unit', 'text', (c) => c.notNull())
    .addColumn('interval_count', 'integer', (c) => c.notNull())
    .addColumn('month_end', 'boolean', (c) => c.notNull())
    .addColumn('end_date', 'date')
    .addColumn('max_occurrences', 'integer')
    .addColumn('service_period_mode', 'text', (c) => c.notNull())
    .addColumn('issue_mode', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text')
    // JSON arrays of addresses.
    .addColumn('cc', 'jsonb', (c) => c.notNull())
    .addColumn('bcc', 'jsonb', (c) => c.notNull())
    .addColumn('catch_up_mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The caller's own key-value pairs.
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('next_run_date', 'date')
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('occurrences_created', 'integer', (c) => c.notNull())
    .addColumn('occurrences_skipped', 'integer', (c) => c.notNull())
    .addColumn('last_occurrence_date', 'date')
    .addColumn('occurrence_count', 'integer', (c) => c.notNull())
    // The last failure as the engine wrote it: JSON `{ code, message, at }` or null.
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  // The list runs by next_run_date ascending with the schedules without one last. The indexes
  // hold `next_run_date is null` before the date, and the list orders by the same expression;
  // each ends its order with `seq`, the last tie-break, so a page reads its own rows in order
  // with no sort step. After the order, the plain list index holds what the search tests
  // (folded name, customer), so a search and its count run through the index alone. The
  // customer index leads with the customer, so it also serves the foreign key and existsForCustomer.
  await sql`create index recurring_schedule_list on recurring_schedule (company_id, (next_run_date is null), next_run_date, created_at, seq, search_name, customer_id)`.execute(db)
  await sql`create index recurring_schedule_status_list on recurring_schedule (company_id, status, (next_run_date is null), next_run_date, created_at, seq)`.execute(db)
  await sql`create index recurring_schedule_customer_list on recurring_schedule (customer_id, company_id, (next_run_date is null), next_run_date, created_at, seq)`.execute(db)
  // A scheduler tick walks the due ACTIVE schedules of every company by id, a page at a time:
  // each page starts at its id and stops after `limit` rows, reading the date from the index.
  await db.schema.createIndex('recurring_schedule_due').on('recurring_schedule').columns(['status', 'id', 'next_run_date']).execute()
  // `run-once --company`: the same walk within one company.
  await db.schema.createIndex('recurring_schedule_company_due').on('recurring_schedule').columns(['company_id', 'status', 'id', 'next_run_date']).execute()
  await addSearchIndex(db, 'recurring_schedule', 'search_name')
}

async function createOccurrenceTable(db: Kysely<any>) {
  await db.schema.createTable('recurring_occurrence')
    .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
    .addColumn('schedule_id', 'text', (c) => c.notNull().references('recurring_schedule.id').onDelete('cascade'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('occurrence_date', 'date', (c) => c.notNull())
    .addColumn('period_start', 'date')
    .addColumn('period_end', 'date')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('skip_reason', 'text')
    .addColumn('invoice_id', 'text')
    .addColumn('invoice_number', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'timestamptz')
    // JSON `{ code, message }` as the engine wrote it, or null.
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    // Each date of a schedule is processed once, by whichever transaction or process inserts
    // first; it also serves the cascade from the schedule.
    .addUniqueConstraint('recurring_occurrence_date_unique', ['schedule_id', 'occurrence_date'])
    .execute()
  await db.schema.createIndex('recurring_occurrence_list').on('recurring_occurrence').columns(['company_id', 'schedule_id', 'sequence']).execute()
  // The sends waiting for their next attempt, in the order they fall due.
  await db.schema.createIndex('recurring_occurrence_sends_due').on('recurring_occurrence').columns(['status', 'next_attempt_at']).execute()
}
