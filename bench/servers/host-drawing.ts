// The real host (PDFs drawn in its worker pool) with a draft of about 200 pages, for the read
// latency and the event-loop delay while such PDFs are drawn. With `main-thread` as argument the
// same app draws on its own thread (the renderer the host had before the pool), for comparison.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { companyActor, createInvoicing, createMemoryFileStore, type Invoicing } from '@invoicing/core'
import { createApp, startHost } from '@invoicing/http'
import { createPdfLibRenderer } from '@invoicing/pdf'
import { createSqliteStorage } from '@invoicing/storage-sqlite'

const folder = mkdtempSync(join(tmpdir(), 'invoicing-bench-'))
process.once('SIGTERM', () => {
  rmSync(folder, { recursive: true, force: true })
  process.exit(0)
})
let invoicing: Invoicing
let url: string
if (process.argv[2] === 'main-thread') {
  invoicing = createInvoicing({ storage: await createSqliteStorage({ filename: join(folder, 'bench.sqlite') }), pdf: createPdfLibRenderer(), files: createMemoryFileStore() })
  const server = createApp({ invoicing }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
} else {
  const host = await startHost({ databaseFile: join(folder, 'bench.sqlite'), dataDir: folder, port: 0, access: { requestsPerMinute: 1_000_000_000 } })
  invoicing = host.invoicing
  url = host.url
}
const company = await invoicing.companies.create({ name: 'Bench GmbH', vatId: 'DE123456789', apiCallQuota: 1_000_000_000 })
const actor = companyActor(company.id)
const { secret } = await invoicing.apiKeys.create(actor)
const customer = await invoicing.customers.create(actor, { name: 'Kunde AG' })
// 190 lines of 36 text lines each: about 191 pages, just under the cap of 200.
const draft = await invoicing.invoices.create(actor, {
  customerId: customer.id,
  lines: Array.from({ length: 190 }, (_, index) => ({ description: `Position ${index + 1}${'\nMontage und Material nach Aufmaß'.repeat(35)}`, unitPrice: '10' })),
})

const delay = monitorEventLoopDelay({ resolution: 5 })
process.on('message', (message) => {
  if (message === 'start') {
    delay.reset()
    delay.enable()
    process.send!({ started: true })
  } else if (message === 'stop') {
    delay.disable()
    process.send!({ p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 })
  }
})
process.send!({ url, key: secret, invoiceId: draft.id, pages: await invoicing.invoices.pdf(actor, draft.id).then(async (file) => (await import('pdf-lib')).PDFDocument.load(file.content).then((pdf) => pdf.getPageCount())) })
