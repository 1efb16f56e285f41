import { sql, type Kysely, type Migration } from 'kysely'

/** Webhook endpoints, their deliveries (the retry queue) and the log of attempts. */
export const webhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('webhook_endpoint')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      // JSON array of event types, or ["*"].
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('webhook_endpoint_company').on('webhook_endpoint').columns(['company_id', 'created_at']).execute()

    await db.schema.createTable('webhook_delivery')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull())
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoint.id').onDelete('cascade'))
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    // What the dispatcher polls: pending deliveries by due time.
    await db.schema.createIndex('webhook_delivery_due').on('webhook_delivery').column('next_attempt_at')
      .where(sql.ref('status'), '=', 'PENDING').execute()
    await db.schema.createIndex('webhook_delivery_endpoint').on('webhook_delivery').column('endpoint_id').execute()

    await db.schema.createTable('webhook_attempt')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'text', (c) => c.notNull())
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoint.id').onDelete('cascade'))
      .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_delivery.id').onDelete('cascade'))
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('succeeded', 'integer', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('response_body', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('attempted_at', 'text', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .execute()
    await db.schema.createIndex('webhook_attempt_endpoint').on('webhook_attempt').columns(['company_id', 'endpoint_id', 'attempted_at']).execute()
    await db.schema.createIndex('webhook_attempt_delivery').on('webhook_attempt').column('delivery_id').execute()
  },
}
