import type { ApiKey, ApiKeyRepository } from '@invoicing/core'
import { columnsOf } from '../columns'
import { preparedQuery } from '../prepared-query'
import type { ApiKeyTable } from '../database'
import type { Executor } from '../executor'

const columns = columnsOf<ApiKey>(['id', 'companyId', 'name', 'keyHash', 'keyPrefix', 'scopes', 'platformAdmin', 'createdAt', 'revokedAt', 'lastUsedAt'])

const toRow = (key: ApiKey): ApiKeyTable => columns.toRow(key, {
  scopes: JSON.stringify(key.scopes),
  platform_admin: Number(key.platformAdmin),
}) as unknown as ApiKeyTable

const fromRow = (row: ApiKeyTable): ApiKey => columns.fromRow(row, {
  scopes: JSON.parse(row.scopes),
  platformAdmin: row.platform_admin === 1,
})

const keyById = preparedQuery((db, { id }: { id: string }) => db.selectFrom('api_key').selectAll().where('id', '=', id))
const keyByHash = preparedQuery((db, { keyHash }: { keyHash: string }) => db.selectFrom('api_key').selectAll().where('key_hash', '=', keyHash))

export function createApiKeyRepository({ db, dialect: { insertionOrder }, row, rows, write }: Executor): ApiKeyRepository {
  return {
    async get(id) {
      const found = await row(keyById({ id }))
      return found && fromRow(found)
    },
    async findByHash(keyHash) {
      const found = await row(keyByHash({ keyHash }))
      return found && fromRow(found)
    },
    async listByCompany(companyId) {
      const found = await rows(db.selectFrom('api_key').selectAll().where('company_id', '=', companyId).orderBy('created_at').orderBy(insertionOrder))
      return found.map(fromRow)
    },
    insert: (key) => write(db.insertInto('api_key').values(toRow(key))),
    async update(key) {
      const { id, ...fields } = toRow(key)
      await write(db.updateTable('api_key').set(fields).where('id', '=', id))
    },
    async recordUse(id, at) {
      await write(db.updateTable('api_key').set({ last_used_at: at }).where('id', '=', id)
        .where((where) => where.or([where('last_used_at', 'is', null), where('last_used_at', '<', at)])))
    },
  }
}
