import { hash, randomBytes } from 'node:crypto'
import type { Scope } from './scopes'

export const API_KEY_PREFIX = 'sk_live_'

/** A stored API key. The secret itself is never stored, only its SHA-256 hash. */
export interface ApiKey {
  id: string
  companyId: string
  name: string
  keyHash: string
  /** The first characters of the secret, so people can tell their keys apart. */
  keyPrefix: string
  scopes: Scope[]
  /** May use the platform administration routes. */
  platformAdmin: boolean
  createdAt: string
  revokedAt: string | null
  /** When the key last made an API request (written in batches, about once a second); null before its first. */
  lastUsedAt: string | null
}

/** A new secret: the prefix and 40 random base62-ish characters (240 bits). */
export function generateApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(30).toString('base64url')
}

/**
 * Keys carry 240 random bits, so a fast unsalted hash is enough: nobody can guess a preimage,
 * and lookup by hash stays one index probe per request. The one-shot `hash` creates no Hash
 * object for the garbage collector to finalize, which matters on every request.
 */
export const hashApiKeySecret = (secret: string): string => hash('sha256', secret, 'hex')

export const looksLikeApiKey = (token: string): boolean =>
  token.startsWith(API_KEY_PREFIX) && token.length >= API_KEY_PREFIX.length + 32 && /^[A-Za-z0-9_-]+$/.test(token)
