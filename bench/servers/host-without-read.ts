// The host's HTTP stack without the storage read: the same app (authentication, rate limit and
// quota, routing, scopes, the response in both spellings) answering GET /customers/{id} with a
// customer the engine keeps in memory. Beside the real host it shows how much of a read is the
// stack and how much the SQLite read with its mapping.
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { companyActor, createInvoicing, type Customer } from '@invoicing/core'
import { createApp } from '@invoicing/http'
import { createSqliteStorage } from '@invoicing/storage-sqlite'
import { BENCH_CUSTOMER } from './bench-customer'
import { reportCpuOnRequest } from './report-cpu'

const folder = mkdtempSync(join(tmpdir(), 'invoicing-bench-'))
process.once('SIGTERM', () => {
  rmSync(folder, { recursive: true, force: true })
  process.exit(0)
})
const invoicing = createInvoicing({
  storage: await createSqliteStorage({ filename: join(folder, 'bench.sqlite') }),
  access: { requestsPerMinute: 1_000_000_000 },
})
const company = await invoicing.companies.create({ name: 'Bench GmbH', apiCallQuota: 1_000_000_000 })
const actor = companyActor(company.id)
const { secret } = await invoicing.apiKeys.create(actor)
const customer: Customer = await invoicing.customers.create(actor, BENCH_CUSTOMER)
const app = createApp({ invoicing: { ...invoicing, customers: { ...invoicing.customers, get: async () => customer } } })
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  process.send!({ url: `http://127.0.0.1:${port}`, key: secret, customerId: customer.id })
})
reportCpuOnRequest()
