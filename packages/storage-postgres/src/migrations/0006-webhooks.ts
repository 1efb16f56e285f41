import { sql, type Kysely, type Migration } from 'kysely'

/** Webhook endpoints, their deliveries (the retry queue) and the log of attempts. */
export const webhooks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('webhook_endpoint')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity())
      .addColumn('company_id', 'text', (c) => c.notNull().references('company.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      // JSON array of event types, or ["*"].
      .addColumn('events', 'jsonb', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('active', 'boolean', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('webhook_endpoint_company').on('webhook_endpoint').columns(['company_id', 'created_at', 'seq']).execute()

    await db.schema.createTable('webhook_delivery')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity())
      .addColumn('company_id', 'text', (c) => c.notNull())
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoint.id').onDelete('cascade'))
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      // The body as signed and sent, byte for byte on every attempt.
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute()
    // What the dispatcher polls: pending deliveries by due time, then in the order they were made.
    await db.schema.createIndex('webhook_delivery_due').on('webhook_delivery').columns(['next_attempt_at', 'seq'])
      .where(sql.ref('status'), '=', 'PENDING').execute()
    await db.schema.createIndex('webhook_delivery_endpoint').on('webhook_delivery').column('endpoint_id').execute()

    await db.schema.createTable('webhook_attempt')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity())
      .addColumn('company_id', 'text', (c) => c.notNull())
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoint.id').onDelete('cascade'))
      .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_delivery.id').onDelete('cascade'))
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('succeeded', 'boolean', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('response_body', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('attempted_at', 'timestamptz', (c) => c.notNull())
      .addColumn('next_attempt_at', 'timestamptz')
      .execute()
    await db.schema.createIndex('webhook_attempt_endpoint').on('webhook_attempt').columns(['company_id', 'endpoint_id', 'attempted_at', 'seq']).execute()
    await db.schema.createIndex('webhook_attempt_delivery').on('webhook_attempt').column('delivery_id').execute()
  },
}
