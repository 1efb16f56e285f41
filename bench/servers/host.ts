// The real host on a fresh SQLite file with the production defaults, except a rate limit and
// quota high enough for a load test.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { companyActor } from '@invoicing/core'
import { startHost } from '@invoicing/http'
import { BENCH_CUSTOMER } from './bench-customer'
import { reportCpuOnRequest } from './report-cpu'
import { seedInvoices } from './seed-invoices'
import { seedQuotes } from './seed-quotes'

const folder = mkdtempSync(join(tmpdir(), 'invoicing-bench-'))
process.once('SIGTERM', () => {
  rmSync(folder, { recursive: true, force: true })
  process.exit(0)
})
const host = await startHost({
  databaseFile: join(folder, 'bench.sqlite'),
  dataDir: folder,
  port: 0,
  access: { requestsPerMinute: 1_000_000_000 },
})
const company = await host.invoicing.companies.create({ name: 'Bench GmbH', apiCallQuota: 1_000_000_000 })
const actor = companyActor(company.id)
const { secret } = await host.invoicing.apiKeys.create(actor)
const customer = await host.invoicing.customers.create(actor, BENCH_CUSTOMER)
// The list must stay fast with 100,000 invoices in one company (issue 3): seed that many.
const invoiceCount = Number(process.env.BENCH_INVOICES ?? 100_000)
const otherCustomers = await Promise.all(Array.from({ length: 49 }, (_, index) =>
  host.invoicing.customers.create(actor, { name: `Kunde ${index} Müller` })))
const seeded = Date.now()
await seedInvoices(host.invoicing, host.storage, actor, [customer.id, ...otherCustomers.map((c) => c.id)], invoiceCount)
const seedSeconds = (Date.now() - seeded) / 1000
// The quote list has the same target at 100,000 quotes in one company (issue 18).
const quoteCount = Number(process.env.BENCH_QUOTES ?? 100_000)
await seedQuotes(host.invoicing, host.storage, actor, [customer.id, ...otherCustomers.map((c) => c.id)], quoteCount)
reportCpuOnRequest()
process.send!({ url: host.url, key: secret, customerId: customer.id, companyId: company.id, databaseFile: join(folder, 'bench.sqlite'), invoiceCount, quoteCount, seedSeconds })
