import { effectiveApiCallQuota, type Company } from '../companies/company'
import { PLAN_FEATURES } from '../companies/plans'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import { calendarDateOf, monthOf, secondsUntilNextMonth } from '../shared/calendar-date'
import type { Actor } from './actor'
import { hashApiKeySecret, looksLikeApiKey, type ApiKey } from './api-key'
import { createRateLimiter, type RateLimitStatus } from './rate-limiter'
import type { Scope } from './scopes'
import { createUsageMeter } from './usage-meter'

export interface ApiGateOptions {
  /** Requests per minute and key; default 100. */
  requestsPerMinute?: number
  /**
   * How long a looked-up key and its company are reused, default 1000 ms. A key revoked or a
   * company changed by another process takes effect within this time.
   */
  keyCacheTtlMs?: number
  /** How often counted API calls are written, default 1000 ms. */
  usageFlushIntervalMs?: number
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

const unauthorized = (message: string) => new InvoicingError('unauthorized', message)

/** Authentication, plan access, the per-key rate limit and the monthly call quota. */
export function createApiGate({ storage, clock }: CoreDeps, options: ApiGateOptions = {}) {
  const { requestsPerMinute = 100, keyCacheTtlMs = 1000, usageFlushIntervalMs = 1000 } = options
  const limiter = createRateLimiter(clock, requestsPerMinute)
  const meter = createUsageMeter(storage, usageFlushIntervalMs)
  const keyCache = new Map<string, { key: ApiKey; company: Company | undefined; expiresAt: number }>()

  async function lookUp(keyHash: string): Promise<{ key: ApiKey; company: Company | undefined } | undefined> {
    const now = Date.now()
    const cached = keyCache.get(keyHash)
    if (cached && cached.expiresAt > now) return cached
    const key = await storage.apiKeys.findByHash(keyHash)
    if (!key) return undefined
    const found = { key, company: await storage.companies.get(key.companyId), expiresAt: now + keyCacheTtlMs }
    if (keyCacheTtlMs > 0) {
      if (keyCache.size > 10_000) keyCache.clear()
      keyCache.set(keyHash, found)
    }
    return found
  }

  /** The principal behind an `Authorization` header, or 401 / 403 `plan_no_access`. */
  async function authenticate(authorization: string | undefined): Promise<Principal> {
    if (!authorization) throw unauthorized('Missing Authorization header: send "Authorization: Bearer <API key>"')
    const [scheme, token, ...rest] = authorization.trim().split(/\s+/)
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
      throw unauthorized('The Authorization header must be "Bearer <API key>"')
    }
    if (!looksLikeApiKey(token)) throw unauthorized('Invalid API key')
    const found = await lookUp(hashApiKeySecret(token))
    if (!found?.company) throw unauthorized('Invalid API key')
    const { key, company } = found
    if (key.revokedAt) throw unauthorized('This API key has been revoked')
    if (!PLAN_FEATURES[company.plan].apiAccess) {
      throw new InvoicingError('plan_no_access', `The ${company.plan} plan has no API access; upgrade to PROFESSIONAL or ENTERPRISE`)
    }
    return {
      actor: { companyId: company.id, apiKeyId: key.id },
      scopes: key.scopes,
      platformAdmin: key.platformAdmin,
      company,
    }
  }

  return {
    authenticate,

    /** Authenticates and counts one request against the rate limit and the monthly quota. */
    async admit(authorization: string | undefined): Promise<Admission> {
      const principal = await authenticate(authorization)
      const { allowed, ...rateLimit } = limiter.hit(principal.actor.apiKeyId!)
      if (!allowed) {
        const rejection = new InvoicingError('rate_limited', `Rate limit of ${rateLimit.limit} requests per minute exceeded; retry in ${rateLimit.resetSeconds} s`)
        return { principal, rateLimit, rejection, retryAfterSeconds: rateLimit.resetSeconds }
      }
      const { company } = principal
      const now = clock.now()
      const quota = effectiveApiCallQuota(company)
      if (!(await meter.admit(company.id, monthOf(calendarDateOf(now, company.timeZone)), quota))) {
        const rejection = new InvoicingError('quota_exceeded', `The monthly quota of ${quota} API calls is used up`)
        return { principal, rateLimit, rejection, retryAfterSeconds: secondsUntilNextMonth(now, company.timeZone) }
      }
      return { principal, rateLimit }
    },

    /** API calls and issued documents of the current month against the company's quotas. */
    async usage(actor: Actor) {
      const company = await storage.companies.get(actor.companyId)
      if (!company) throw new InvoicingError('not_found', 'Company not found')
      const month = monthOf(calendarDateOf(clock.now(), company.timeZone))
      const apiCalls = await meter.used(company.id, month)
      const { documentsIssued } = await storage.usage.get(company.id, month)
      const apiCallQuota = effectiveApiCallQuota(company)
      const remaining = (quota: number | null, used: number) => (quota === null ? null : Math.max(0, quota - used))
      return {
        month,
        apiCalls: { used: apiCalls, quota: apiCallQuota, remaining: remaining(apiCallQuota, apiCalls) },
        documents: { used: documentsIssued, quota: company.documentQuota, remaining: remaining(company.documentQuota, documentsIssued) },
      }
    },

    /** Writes counted calls now (the host calls this on shutdown through close()). */
    flushUsage: () => meter.flush(),

    close: () => meter.close(),
  }
}

export type ApiGate = ReturnType<typeof createApiGate>
