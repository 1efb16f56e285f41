import * as v from 'valibot'
import { requireCompany } from '../companies'
import { notFound } from '../errors'
import type { CoreDeps } from '../ports/deps'
import { requiredText } from '../shared/fields'
import { aliased, parseInput } from '../shared/validation'
import type { Actor } from './actor'
import { generateApiKeySecret, hashApiKeySecret, type ApiKey } from './api-key'
import { SCOPES } from './scopes'
import { retryingTransaction } from '../unit-of-work'

export const ApiKeyCreateSchema = aliased(v.object({
  name: v.optional(requiredText(100), 'API key'),
  scopes: v.optional(v.pipe(v.array(v.picklist(SCOPES)), v.transform((scopes) => [...new Set(scopes)])), [...SCOPES]),
  platformAdmin: v.optional(v.boolean(), false),
}))

export type ApiKeyCreateInput = v.InferInput<typeof ApiKeyCreateSchema>

export interface NewApiKey {
  apiKey: ApiKey
  /** The key itself, shown this once and never stored. */
  secret: string
}

/** A new key of `companyId` from validated input, not yet stored. */
export function newApiKey({ clock, ids }: Pick<CoreDeps, 'clock' | 'ids'>, companyId: string, input: ApiKeyCreateInput): NewApiKey {
  const fields = parseInput(ApiKeyCreateSchema, input)
  const secret = generateApiKeySecret()
  const apiKey: ApiKey = {
    id: ids.next(),
    companyId,
    name: fields.name,
    keyHash: hashApiKeySecret(secret),
    keyPrefix: secret.slice(0, 12),
    scopes: fields.scopes,
    platformAdmin: fields.platformAdmin,
    createdAt: clock.now().toISOString(),
    revokedAt: null,
    lastUsedAt: null,
  }
  return { apiKey, secret }
}

/** Operator use cases for API keys. Keys are created and revoked by the company's people only. */
export function createApiKeyService(deps: CoreDeps) {
  const { storage, clock } = deps
  return {
    /** Creates a key; the returned `secret` is the only time the key is ever shown. */
    async create(actor: Actor, input: ApiKeyCreateInput = {}): Promise<NewApiKey> {
      const created = newApiKey(deps, actor.companyId, input)
      return retryingTransaction(storage, async (tx) => {
        await requireCompany(tx, actor)
        await tx.apiKeys.insert(created.apiKey)
        return created
      })
    },

    async list(actor: Actor): Promise<ApiKey[]> {
      await requireCompany(storage, actor)
      return storage.apiKeys.listByCompany(actor.companyId)
    },

    /** Deactivates a key for good; revoking a revoked key changes nothing. */
    async revoke(keyId: string): Promise<ApiKey> {
      return retryingTransaction(storage, async (tx) => {
        const key = await tx.apiKeys.get(keyId)
        if (!key) throw notFound('API key')
        if (key.revokedAt) return key
        const revoked = { ...key, revokedAt: clock.now().toISOString() }
        await tx.apiKeys.update(revoked)
        return revoked
      })
    },
  }
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>
