// The real host on SQLite (a temp file) or PostgreSQL (BENCH_DATABASE_URL) with the production
// defaults, except a rate limit and quota high enough for a load test. The first host of a
// database seeds one company with BENCH_INVOICES invoices; with BENCH_SEED=0 it is another
// host on a database already seeded.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { companyActor } from '@invoicing/core'
import { startHost } from '@invoicing/http'
import { BENCH_CUSTOMER } from './bench-customer'
import { reportCpuOnRequest } from './report-cpu'
import { seedInvoices } from './seed-invoices'

const folder = mkdtempSync(join(tmpdir(), 'invoicing-bench-'))
const url = process.env.BENCH_DATABASE_URL
const host = await startHost({
  database: url ? { kind: 'postgres', url } : { kind: 'sqlite', file: join(folder, 'bench.sqlite') },
  dataDir: folder,
  port: 0,
  access: { requestsPerMinute: 1_000_000_000 },
  // The scheduler has nothing to do here; its ticks would only blur the figures.
  scheduler: false,
})
process.once('SIGTERM', () => {
  void host.close().finally(() => {
    rmSync(folder, { recursive: true, force: true })
    process.exit(0)
  })
})

const seeding = process.env.BENCH_SEED !== '0'
let seeded: Record<string, unknown> = {}
if (seeding) {
  const company = await host.invoicing.companies.create({ name: 'Bench GmbH', apiCallQuota: 1_000_000_000 })
  const actor = companyActor(company.id)
  const { secret } = await host.invoicing.apiKeys.create(actor)
  const customer = await host.invoicing.customers.create(actor, BENCH_CUSTOMER)
  const others = await Promise.all(Array.from({ length: 49 }, (_, index) => host.invoicing.customers.create(actor, { name: `Kunde ${index} Müller` })))
  const invoiceCount = Number(process.env.BENCH_INVOICES ?? 100_000)
  const started = Date.now()
  await seedInvoices(host.invoicing, host.storage, actor, [customer.id, ...others.map((each) => each.id)], invoiceCount)
  // An invoice in the middle of the seeded ones: `seed` and its index in base 36.
  const invoiceId = `seed${Math.floor(invoiceCount / 2).toString(36).padStart(8, '0')}`
  seeded = { key: secret, customerId: customer.id, invoiceId, invoiceCount, seedSeconds: (Date.now() - started) / 1000 }
}
reportCpuOnRequest()
process.send!({ url: host.url, ...seeded })
