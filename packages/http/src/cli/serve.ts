import { RETRY_DELAYS_MS, type CompanyCreateInput } from '@invoicing/core'
import { describeDatabase } from '../databases'
import { startHost, type Host } from '../host'
import { createJsonLogger } from '../logger'
import { API_PREFIX } from '../routes/meta'
import type { HostConfig } from './config'
import { CommandFailure } from './usage-error'

const DEMO_COMPANY: CompanyCreateInput = {
  name: 'Demo GmbH',
  street: 'Musterstraße 1',
  zipCode: '10115',
  city: 'Berlin',
  country: 'DE',
  email: 'rechnung@demo.example',
  vatId: 'DE123456789',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
}

/** `invoicing serve`: listen until SIGTERM or SIGINT, then shut down cleanly. */
export async function serve(config: HostConfig, print: (text: string) => void): Promise<void> {
  const logger = createJsonLogger(config.logLevel)
  const host = await startHost({
    database: config.database,
    dataDir: config.dataDir,
    fileStorage: config.fileStorage,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    port: config.port,
    host: config.host,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    logger,
    access: { requestsPerMinute: config.requestsPerMinute, authFailuresPerMinute: config.authFailuresPerMinute },
    pdfWorkers: config.pdfWorkers,
    scheduler: config.scheduler && { intervalMs: config.schedulerIntervalMs },
    recurringSendRetryDelaysMs: config.recurringSendRetryDelaysMs,
    uploads: { publicUrl: config.publicUrl, maxBytes: config.uploadMaxBytes, urlTtlSeconds: config.uploadUrlTtlSeconds },
    webhooks: {
      allowInsecure: config.allowInsecureWebhooks,
      ...(config.webhookConcurrency ? { concurrency: config.webhookConcurrency } : {}),
      ...(config.webhookTimeoutMs ? { attemptTimeoutMs: config.webhookTimeoutMs } : {}),
      // The schedule scaled so that its first wait is the configured one (tests, staging).
      ...(config.webhookRetryBaseMs ? { retryDelaysMs: RETRY_DELAYS_MS.map((delay) => (delay / RETRY_DELAYS_MS[0]!) * config.webhookRetryBaseMs!) } : {}),
    },
  }).catch((error: unknown) => {
    throw listenFailure(error, config) ?? error
  })
  // Handlers first: a signal that arrives right after the banner must still shut down cleanly.
  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal })
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error })
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))

  const api = `${host.url}${API_PREFIX}`
  const demo = config.createDemo ? await createDemo(host, api) : ''
  logger.info('listening', { url: api, database: describeDatabase(config.database), mail: config.smtpUrl ? 'smtp' : `outbox ${config.dataDir}/outbox` })
  print(`Invoicing API listening on ${api}${demo}`)
}

/** A port that is taken or not ours to open, said in one line the operator can act on. */
function listenFailure(error: unknown, { host, port }: HostConfig): CommandFailure | undefined {
  const code = (error as { code?: string }).code
  if (code === 'EADDRINUSE') return new CommandFailure(`port ${port} on ${host} is already in use; stop the other process or set PORT to another port`)
  if (code === 'EACCES') return new CommandFailure(`no permission to listen on port ${port} on ${host}; set PORT to a port above 1023`)
  if (code === 'EADDRNOTAVAIL') return new CommandFailure(`${host} is not an address of this machine; set HOST (e.g. 127.0.0.1 or 0.0.0.0)`)
  return undefined
}

/** On an empty database: a demo company and an all-scope key, announced once with a curl line. */
async function createDemo(host: Host, api: string): Promise<string> {
  const created = await host.invoicing.companies.createFirst(DEMO_COMPANY, { name: 'Demo key' })
  if (!created) return ''
  const { company, secret } = created
  return [
    '',
    `The database was empty: created the demo company "${company.name}" (${company.id})`,
    'and an API key with every scope. The key is shown only this once:',
    '',
    `  ${secret}`,
    '',
    'Try it:',
    `  curl -H "Authorization: Bearer ${secret}" ${api}/company`,
    '',
  ].join('\n')
}
