import { API_KEY_PREFIX, type ApiKey } from '../access'

/** A key as its holder may see it: never the secret or its hash. */
export interface ApiKeyView {
  id: string
  name: string
  /** `sk_live_…` and the key's last four characters, to tell keys apart. */
  prefix: string
  scopes: readonly string[]
  platformAdmin: boolean
  companyId: string
  createdAt: string
  lastUsedAt: string | null
}

/** `sk_live_…wxyz`: the prefix every key has, an ellipsis (U+2026) and the last four characters. */
export const maskedKey = (secret: string): string => `${API_KEY_PREFIX}\u2026${secret.slice(-4)}`

export const apiKeyView = (key: ApiKey, secret: string, lastUsedAt: string | null): ApiKeyView => ({
  id: key.id,
  name: key.name,
  prefix: maskedKey(secret),
  scopes: key.scopes,
  platformAdmin: key.platformAdmin,
  companyId: key.companyId,
  createdAt: key.createdAt,
  lastUsedAt,
})
