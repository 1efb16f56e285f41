import { LRUCache } from 'lru-cache'
import { effectiveApiCallQuota, type Company, PLAN_FEATURES } from '../companies'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import { monthAt, secondsUntilNextMonth } from '../shared/calendar-date'
import type { Actor } from './actor'
import { hashApiKeySecret, looksLikeApiKey, type ApiKey } from './api-key'
import { createAuthFailureLimiter } from './auth-failure-limiter'
import { createRateLimiter, type RateLimitStatus } from './rate-limiter'
import type { Scope } from './scopes'
import { createKeyUseLog } from './key-use-log'
import { createUsageMeter } from './usage-meter'

export interface ApiGateOptions {
  /** Requests per minute and key; default 100. */
  requestsPerMinute?: number
  /**
   * How long a looked-up key and its company are reused, default 1000 ms. A key revoked or a
   * company changed by another process takes effect within this time.
   */
  keyCacheTtlMs?: number
  /** How often counted API calls and the keys' last use are written, default 1000 ms. */
  usageFlushIntervalMs?: number
  /**
   * Failed authentications a client address may have per minute, default 30; after them its
   * requests are 429 `rate_limited` with `Retry-After` until the minute is over.
   */
  authFailuresPerMinute?: number
}

/** The caller of an API request, once its key is known good. */
export interface Principal {
  actor: Actor
  scopes: readonly Scope[]
  platformAdmin: boolean
  company: Company
}

/**
 * The outcome of letting a request in. A request over a limit still has a principal and a
 * rate-limit status (the host reports both) and carries the error to answer with.
 */
export type Admission =
  | { principal: Principal; rateLimit: RateLimitStatus; rejection?: undefined }
  | { principal: Principal; rateLimit: RateLimitStatus; rejection: InvoicingError; retryAfterSeconds: number }

/** A key as the gate knows it: the answer for it, good or bad, until `expiresAt`. */
interface KnownKey {
  principal?: Principal
  refusal?: InvoicingError
  expiresAt: number
}

const unauthorized = (message: string) => new InvoicingError('unauthorized', message)
/** Keys (good and bad) remembered at once; the least recently used one makes room for a new one. */
const MAX_KNOWN_KEYS = 10_000
/** `Bearer <token>`: the scheme in any case, one token, white space around it allowed. */
const BEARER = /^\s*bearer\s+(\S+)\s*$/i

/** The token of a `Bearer <token>` header, if it has that form. */
export const bearerTokenOf = (authorization: string | undefined): string | undefined =>
  authorization === undefined ? undefined : BEARER.exec(authorization)?.[1]

/**
 * Authentication, plan access, the per-key rate limit and the monthly call quota. It runs on
 * every API request, so once a key is known (and its month's counter loaded) nothing here
 * waits for storage.
 */
export function createApiGate({ storage, clock }: CoreDeps, options: ApiGateOptions = {}) {
  const { requestsPerMinute = 100, keyCacheTtlMs = 1000, usageFlushIntervalMs = 1000, authFailuresPerMinute = 30 } = options
  const limiter = createRateLimiter(requestsPerMinute)
  const authFailures = createAuthFailureLimiter(authFailuresPerMinute)
  const meter = createUsageMeter(storage, usageFlushIntervalMs)
  const keyUses = createKeyUseLog(storage, usageFlushIntervalMs)
  // An LRU: a flood of unknown keys pushes out the keys least used, never the whole cache.
  const knownKeys = new LRUCache<string, KnownKey>({ max: MAX_KNOWN_KEYS })

  function judge(key: ApiKey | undefined, company: Company | undefined): Omit<KnownKey, 'expiresAt'> {
    if (!key || !company) return { refusal: unauthorized('Invalid API key') }
    if (key.revokedAt) return { refusal: unauthorized('This API key has been revoked') }
    if (!PLAN_FEATURES[company.plan].apiAccess) {
      return { refusal: new InvoicingError('plan_no_access', `The ${company.plan} plan has no API access; upgrade to PROFESSIONAL or ENTERPRISE`) }
    }
    return {
      principal: { actor: { companyId: company.id, apiKeyId: key.id }, scopes: key.scopes, platformAdmin: key.platformAdmin, company },
    }
  }

  async function load(keyHash: string): Promise<KnownKey> {
    const key = await storage.apiKeys.findByHash(keyHash)
    const company = key && (await storage.companies.get(key.companyId))
    const known = { ...judge(key, company), expiresAt: Date.now() + keyCacheTtlMs }
    if (keyCacheTtlMs > 0) knownKeys.set(keyHash, known)
    return known
  }

  /**
   * The principal behind an `Authorization` header, or 401 / 403 `plan_no_access`. Answers
   * synchronously for a known key: every API request asks, and a promise per step costs more
   * than the map lookup it waits for.
   */
  function principalOf(authorization: string | undefined): Principal | Promise<Principal> {
    if (!authorization) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <API key>"')
    const token = bearerTokenOf(authorization)
    if (!token) throw unauthorized('The Authorization header must be "Bearer <API key>"')
    if (!looksLikeApiKey(token)) throw unauthorized('Invalid API key')
    const keyHash = hashApiKeySecret(token)
    const cached = knownKeys.get(keyHash)
    const accepted = (known: KnownKey) => {
      if (known.refusal) throw known.refusal
      return known.principal!
    }
    return cached && cached.expiresAt > Date.now() ? accepted(cached) : load(keyHash).then(accepted)
  }

  function admitted(principal: Principal, countsTowardsQuota: boolean): Admission | Promise<Admission> {
    const now = clock.now()
    keyUses.record(principal.actor.apiKeyId!, now.toISOString())
    const { allowed, ...rateLimit } = limiter.hit(principal.actor.apiKeyId!, now.getTime())
    if (!allowed) {
      const rejection = new InvoicingError('rate_limited', `Rate limit of ${rateLimit.limit} requests per minute exceeded; retry in ${rateLimit.resetSeconds} s`)
      return { principal, rateLimit, rejection, retryAfterSeconds: rateLimit.resetSeconds }
    }
    if (!countsTowardsQuota) return { principal, rateLimit }
    const { company } = principal
    const quota = effectiveApiCallQuota(company)
    const answer = (counted: boolean): Admission => {
      if (counted) return { principal, rateLimit }
      const rejection = new InvoicingError('quota_exceeded', `The monthly quota of ${quota} API calls is used up`)
      return { principal, rateLimit, rejection, retryAfterSeconds: secondsUntilNextMonth(now, company.timeZone) }
    }
    const counting = meter.admit(company.id, monthAt(now, company.timeZone), quota)
    return typeof counting === 'boolean' ? answer(counting) : counting.then(answer)
  }

  return {
    /** The principal behind an `Authorization` header, or 401 / 403 `plan_no_access`. */
    authenticate: async (authorization: string | undefined): Promise<Principal> => principalOf(authorization),

    /**
     * Authenticates and counts one request against the rate limit and the monthly quota.
     * Synchronous for a known key (the hot path of every request); refusals are always a
     * rejected promise. With `clientAddress`, failed authentications count against that
     * address, and one that has used up its failures is refused before its key is looked at.
     * A request that does not count towards the quota (the meta routes) is neither counted nor
     * refused for it; it still counts against the rate limit.
     */
    admit(authorization: string | undefined, clientAddress?: string, { countsTowardsQuota = true }: { countsTowardsQuota?: boolean } = {}): Admission | Promise<Admission> {
      const failed = (error: unknown): Promise<never> => {
        if (clientAddress !== undefined && error instanceof InvoicingError && error.code === 'unauthorized') authFailures.fail(clientAddress, clock.now().getTime())
        return Promise.reject(error)
      }
      try {
        if (clientAddress !== undefined) {
          const retryAfterSeconds = authFailures.retryAfterSeconds(clientAddress, clock.now().getTime())
          if (retryAfterSeconds > 0) {
            return Promise.reject(new InvoicingError('rate_limited', `Too many failed authentications from this address; retry in ${retryAfterSeconds} s`, { retryAfterSeconds }))
          }
        }
        const principal = principalOf(authorization)
        return principal instanceof Promise
          ? principal.then((known) => admitted(known, countsTowardsQuota), failed)
          : admitted(principal, countsTowardsQuota)
      } catch (error) {
        return failed(error)
      }
    },

    /** API calls and issued documents of the current month against the company's quotas. */
    async usage(actor: Actor) {
      const company = await storage.companies.get(actor.companyId)
      if (!company) throw new InvoicingError('not_found', 'Company not found')
      const month = monthAt(clock.now(), company.timeZone)
      const apiCalls = await meter.used(company.id, month)
      const { documentsIssued, documentsByType } = await storage.usage.get(company.id, month)
      const apiCallQuota = effectiveApiCallQuota(company)
      const remaining = (quota: number | null, used: number) => (quota === null ? null : Math.max(0, quota - used))
      return {
        month,
        apiCalls: { used: apiCalls, quota: apiCallQuota, remaining: remaining(apiCallQuota, apiCalls) },
        documents: {
          used: documentsIssued, quota: company.documentQuota, remaining: remaining(company.documentQuota, documentsIssued),
          byDocumentType: documentsByType,
        },
        storageBytes: await storage.fileDocuments.storedBytes(company.id),
        storageQuotaBytes: company.storageQuotaBytes,
      }
    },

    /**
     * When the key was last used: the stored time, or a later one this process has not written
     * yet (so a key's own request already counts).
     */
    async lastUseOf(key: ApiKey): Promise<string | null> {
      const noted = keyUses.pendingUseOf(key.id)
      return noted !== undefined && (key.lastUsedAt === null || key.lastUsedAt < noted) ? noted : key.lastUsedAt
    },

    /** Writes counted calls and key uses now (the host calls this on shutdown through close()). */
    flushUsage: async () => {
      await Promise.all([meter.flush(), keyUses.flush()])
    },

    close: async () => {
      await Promise.all([meter.close(), keyUses.close()])
    },
  }
}

export type ApiGate = ReturnType<typeof createApiGate>
