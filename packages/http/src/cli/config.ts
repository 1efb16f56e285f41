import { LOG_LEVELS, type LogLevel } from '../logger'
import { UsageError } from './usage-error'

/** The host's settings from environment variables, read once by every command. */
export interface HostConfig {
  databaseFile: string
  dataDir: string
  port: number
  host: string
  logLevel: LogLevel
  createDemo: boolean
  requestsPerMinute: number
  smtpUrl: string | undefined
  mailFrom: string | undefined
  allowInsecureWebhooks: boolean
  /** The first wait before a webhook is tried again; later waits keep their proportions. */
  webhookRetryBaseMs: number | undefined
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
  const webhookRetryBaseMs = env.INVOICING_WEBHOOK_RETRY_BASE_MS ? Number(env.INVOICING_WEBHOOK_RETRY_BASE_MS) : undefined
  if (webhookRetryBaseMs !== undefined && (!Number.isInteger(webhookRetryBaseMs) || webhookRetryBaseMs < 1)) {
    throw new UsageError(`INVOICING_WEBHOOK_RETRY_BASE_MS must be a whole number of milliseconds, got ${env.INVOICING_WEBHOOK_RETRY_BASE_MS}`)
  }
  return {
    databaseFile: env.INVOICING_DB || './data/invoicing.sqlite',
    dataDir: env.INVOICING_DATA_DIR || './data',
    port,
    host: env.HOST || '127.0.0.1',
    logLevel,
    createDemo: env.INVOICING_NO_DEMO !== '1',
    requestsPerMinute,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    allowInsecureWebhooks: env.INVOICING_ALLOW_INSECURE_WEBHOOKS === '1',
    webhookRetryBaseMs,
  }
}
