import type { ApiKey } from '../../access'

export interface ApiKeyReader {
  get(id: string): Promise<ApiKey | undefined>
  /** The key whose secret hashes to `keyHash`, revoked or not. */
  findByHash(keyHash: string): Promise<ApiKey | undefined>
  /** A company's keys, oldest first; keys created in the same instant in the order they were stored. */
  listByCompany(companyId: string): Promise<ApiKey[]>
}

export interface ApiKeyRepository extends ApiKeyReader {
  insert(key: ApiKey): Promise<void>
  update(key: ApiKey): Promise<void>
  /**
   * Moves the key's `lastUsedAt` forward to `at` (ISO 8601 UTC); MUST leave a later value
   * as it is, so writers that overlap never move it back. An unknown id changes nothing.
   */
  recordUse(id: string, at: string): Promise<void>
}
