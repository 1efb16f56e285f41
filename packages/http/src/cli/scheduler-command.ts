import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createInvoicing, isCalendarDate, type TickReport } from '@invoicing/core'
import { createFileOutbox, createSmtpTransport } from '@invoicing/mail'
import { createPdfWorkerPool } from '@invoicing/pdf'
import { openStorage } from '../databases'
import { createFileStores } from '../file-stores'
import { createJsonLogger } from '../logger'
import type { HostConfig } from './config'
import { UsageError } from './usage-error'

/** `--date` may move "today" this far from the real date, no further (a typo must not invoice years ahead). */
const MAX_DATE_SHIFT_DAYS = 400

/** `--date YYYY-MM-DD`, a real date within 400 days of today. */
function dateOption(value: string | undefined, now: Date): string | undefined {
  if (value === undefined) return undefined
  if (!isCalendarDate(value)) throw new UsageError(`--date must be a date as YYYY-MM-DD, got ${value}`)
  const shift = Math.abs(Date.parse(`${value}T00:00:00Z`) - now.getTime()) / 86_400_000
  if (shift > MAX_DATE_SHIFT_DAYS) throw new UsageError(`--date ${value} lies more than ${MAX_DATE_SHIFT_DAYS} days from today`)
  return value
}

/**
 * `invoicing scheduler run-once [--company <id>] [--date YYYY-MM-DD]`: the scheduler's jobs
 * (recurring invoices, their first send, quote expiry, scheduled blog posts) until nothing is due, on the host's
 * database, mail and archive; then exit. For cron, and for replaying a day (`--date`: "today"
 * in every company, and the date of the invoices made).
 */
export async function runScheduler(action: string | undefined, args: string[], config: HostConfig): Promise<TickReport> {
  if (action !== 'run-once') throw new UsageError(`expected: invoicing scheduler run-once [--company <id>] [--date YYYY-MM-DD]`)
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { company: { type: 'string' }, date: { type: 'string' } } })
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`)
  const asOf = dateOption(values.date, new Date())
  const storage = await openStorage(config.database, { logger: createJsonLogger(config.logLevel) })
  const pdf = createPdfWorkerPool({ size: 1 })
  const files = createFileStores(config.fileStorage, config.dataDir)
  const invoicing = createInvoicing({
    storage,
    pdf,
    files: files.archive,
    // A recurring send attaches the schedule's flagged documents.
    documentFiles: files.documents,
    mail: { transport: config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createFileOutbox(join(config.dataDir, 'outbox')), from: config.mailFrom },
    ...(config.recurringSendRetryDelaysMs ? { recurringSendRetryDelaysMs: config.recurringSendRetryDelaysMs } : {}),
  })
  try {
    return await invoicing.scheduler.runOnce({ asOf, companyId: values.company })
  } finally {
    await invoicing.close()
    await Promise.all([storage.close(), pdf.close()])
    files.close()
  }
}
