import type { DatabaseSettings } from '../databases'
import type { FileStorage } from '../file-stores'
import { LOG_LEVELS, type LogLevel } from '../logger'
import { readFileStorage } from './file-storage-config'
import { UsageError } from './usage-error'

/** The host's settings from environment variables, read once by every command. */
export interface HostConfig {
  /** INVOICING_DATABASE_URL (PostgreSQL) or INVOICING_DB (SQLite): where the records are kept. */
  database: DatabaseSettings
  dataDir: string
  port: number
  host: string
  logLevel: LogLevel
  createDemo: boolean
  requestsPerMinute: number
  /** Failed authentications per client address and minute before 429. */
  authFailuresPerMinute: number
  smtpUrl: string | undefined
  mailFrom: string | undefined
  allowInsecureWebhooks: boolean
  /** The first wait before a webhook is tried again; later waits keep their proportions. */
  webhookRetryBaseMs: number | undefined
  /** Webhook attempts in flight at once, each to another endpoint. */
  webhookConcurrency: number | undefined
  /** How long one webhook attempt may take in all. */
  webhookTimeoutMs: number | undefined
  /** Worker threads that draw PDFs. */
  pdfWorkers: number
  /** INVOICING_CORS_ORIGINS: origins whose browser apps may call the API; empty: CORS off. */
  corsOrigins: string[]
  /** INVOICING_TRUST_PROXY=1: scheme and host of requests from X-Forwarded-Proto / X-Forwarded-Host. */
  trustProxy: boolean
  /** INVOICING_SCHEDULER=0 turns the scheduler loop of `serve` off. */
  scheduler: boolean
  /** INVOICING_SCHEDULER_INTERVAL_MS: how often the scheduler ticks. */
  schedulerIntervalMs: number
  /** INVOICING_RECURRING_SEND_RETRY_MS: the waits before each retry of a failed recurring send. */
  recurringSendRetryDelaysMs: number[] | undefined
  /** INVOICING_PUBLIC_URL: the absolute base of the host's upload URLs, e.g. https://invoicing.example. */
  publicUrl: string | undefined
  /** INVOICING_UPLOAD_MAX_BYTES: the largest direct upload. */
  uploadMaxBytes: number
  /** INVOICING_UPLOAD_URL_TTL_S: how long an upload URL is valid. */
  uploadUrlTtlSeconds: number
  /** INVOICING_STORAGE and the S3_* variables: where archived PDFs and uploaded files are kept. */
  fileStorage: FileStorage
}

/** An absolute http(s) URL without query or fragment; a trailing slash is dropped. */
function publicUrlOf(value: string | undefined): string | undefined {
  if (!value) return undefined
  let parsed: URL | undefined
  try {
    parsed = new URL(value)
  } catch {
    parsed = undefined
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash) {
    throw new UsageError(`INVOICING_PUBLIC_URL must be an absolute http(s) URL such as https://invoicing.example, got ${value}`)
  }
  return value.replace(/\/+$/, '')
}

/** A comma list of whole milliseconds, e.g. `60000,600000,3600000`. */
function millisecondList(env: NodeJS.ProcessEnv, name: string): number[] | undefined {
  if (!env[name]) return undefined
  const values = env[name]!.split(',').map((each) => Number(each.trim()))
  if (values.length === 0 || values.length > 10 || values.some((value) => !Number.isInteger(value) || value < 1)) {
    throw new UsageError(`${name} must be a comma list of up to 10 whole numbers of milliseconds, got ${env[name]}`)
  }
  return values
}

/** A whole number of at least 1 from `env[name]`, or undefined when unset. */
function positiveWhole(env: NodeJS.ProcessEnv, name: string, unit: string): number | undefined {
  if (!env[name]) return undefined
  const value = Number(env[name])
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`${name} must be a whole number of ${unit}, got ${env[name]}`)
  return value
}

/** `https://shop.example, http://localhost:5173` or `*`; each an exact origin, no path. */
function corsOriginsOf(value: string | undefined): string[] {
  const origins = (value ?? '').split(',').map((origin) => origin.trim()).filter(Boolean)
  for (const origin of origins) {
    if (origin === '*') continue
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new UsageError(`INVOICING_CORS_ORIGINS must list origins like https://shop.example (scheme, host, port; no path or trailing slash) or *, got ${origin}`)
    }
  }
  return origins
}

/**
 * INVOICING_DATABASE_URL (postgres:// or postgresql://) selects PostgreSQL, with its pool size
 * and statement timeout; without it the records are kept in the SQLite file INVOICING_DB.
 */
function databaseOf(env: NodeJS.ProcessEnv): DatabaseSettings {
  const url = env.INVOICING_DATABASE_URL
  if (!url) return { kind: 'sqlite', file: env.INVOICING_DB || './data/invoicing.sqlite' }
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  // The value itself is not repeated: it may hold a password.
  if (!parsed || !/^postgres(ql)?:$/.test(parsed.protocol)) {
    throw new UsageError('INVOICING_DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/invoicing')
  }
  return {
    kind: 'postgres',
    url,
    poolMax: positiveWhole(env, 'INVOICING_DATABASE_POOL_MAX', 'connections') ?? 10,
    statementTimeoutMs: positiveWhole(env, 'INVOICING_DATABASE_STATEMENT_TIMEOUT_MS', 'milliseconds') ?? 30_000,
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): HostConfig {
  const port = Number(env.PORT || 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`PORT must be a port number, got ${env.PORT}`)
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel
  if (!LOG_LEVELS.includes(logLevel)) throw new UsageError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  const requestsPerMinute = Number(env.INVOICING_RATE_LIMIT || 100)
  if (!Number.isInteger(requestsPerMinute) || requestsPerMinute < 1) {
    throw new UsageError(`INVOICING_RATE_LIMIT must be a whole number of requests per minute, got ${env.INVOICING_RATE_LIMIT}`)
  }
  const pdfWorkers = positiveWhole(env, 'INVOICING_PDF_WORKERS', 'worker threads') ?? 2
  if (pdfWorkers > 64) throw new UsageError(`INVOICING_PDF_WORKERS must be at most 64 worker threads, got ${env.INVOICING_PDF_WORKERS}`)
  return {
    database: databaseOf(env),
    dataDir: env.INVOICING_DATA_DIR || './data',
    port,
    host: env.HOST || '127.0.0.1',
    logLevel,
    createDemo: env.INVOICING_NO_DEMO !== '1',
    requestsPerMinute,
    authFailuresPerMinute: positiveWhole(env, 'INVOICING_AUTH_FAILURES_PER_MINUTE', 'failed authentications per minute') ?? 30,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    allowInsecureWebhooks: env.INVOICING_ALLOW_INSECURE_WEBHOOKS === '1',
    webhookRetryBaseMs: positiveWhole(env, 'INVOICING_WEBHOOK_RETRY_BASE_MS', 'milliseconds'),
    webhookConcurrency: positiveWhole(env, 'INVOICING_WEBHOOK_CONCURRENCY', 'attempts'),
    webhookTimeoutMs: positiveWhole(env, 'INVOICING_WEBHOOK_TIMEOUT_MS', 'milliseconds'),
    pdfWorkers,
    corsOrigins: corsOriginsOf(env.INVOICING_CORS_ORIGINS),
    trustProxy: env.INVOICING_TRUST_PROXY === '1',
    scheduler: env.INVOICING_SCHEDULER !== '0',
    schedulerIntervalMs: positiveWhole(env, 'INVOICING_SCHEDULER_INTERVAL_MS', 'milliseconds') ?? 60_000,
    recurringSendRetryDelaysMs: millisecondList(env, 'INVOICING_RECURRING_SEND_RETRY_MS'),
    publicUrl: publicUrlOf(env.INVOICING_PUBLIC_URL),
    uploadMaxBytes: positiveWhole(env, 'INVOICING_UPLOAD_MAX_BYTES', 'bytes') ?? 104_857_600,
    uploadUrlTtlSeconds: positiveWhole(env, 'INVOICING_UPLOAD_URL_TTL_S', 'seconds') ?? 900,
    fileStorage: readFileStorage(env),
  }
}
