import type { ApiKey, ApiKeyRepository } from '@invoicing/core'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { ApiKeyTable, Database } from '../database'

const toRow = (key: ApiKey): ApiKeyTable => ({
  ...key,
  scopes: JSON.stringify(key.scopes),
  platformAdmin: Number(key.platformAdmin),
})

const fromRow = (row: Selectable<ApiKeyTable>): ApiKey => ({
  ...row,
  scopes: JSON.parse(row.scopes),
  platformAdmin: row.platformAdmin === 1,
})

export function createApiKeyRepository(db: Kysely<Database>): ApiKeyRepository {
  return {
    async get(id) {
      const row = await db.selectFrom('apiKey').selectAll().where('id', '=', id).executeTakeFirst()
      return row && fromRow(row)
    },
    async findByHash(keyHash) {
      const row = await db.selectFrom('apiKey').selectAll().where('keyHash', '=', keyHash).executeTakeFirst()
      return row && fromRow(row)
    },
    async listByCompany(companyId) {
      const rows = await db.selectFrom('apiKey').selectAll().where('companyId', '=', companyId)
        .orderBy('createdAt').orderBy(sql`rowid`).execute()
      return rows.map(fromRow)
    },
    async insert(key) {
      await db.insertInto('apiKey').values(toRow(key)).execute()
    },
    async update(key) {
      const { id, ...fields } = toRow(key)
      await db.updateTable('apiKey').set(fields).where('id', '=', id).execute()
    },
  }
}
