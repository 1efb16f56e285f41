// The real host on a fresh SQLite file with one company of `BENCH_EXPORT_INVOICES` issued
// invoices of three tax groups each (19 %, 7 %, 0 %) in one year. On request it makes one
// export through the API, or reads the same documents through the storage port alone (the
// reference), and reports the time and the growth of its resident memory meanwhile.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bookedDocumentRecords, companyActor, type Actor, type Invoicing, type Storage } from '@invoicing/core'
import { startHost } from '@invoicing/http'
import { seedProgress } from './seed-progress'

const folder = mkdtempSync(join(tmpdir(), 'invoicing-bench-exports-'))
process.once('SIGTERM', () => {
  rmSync(folder, { recursive: true, force: true })
  process.exit(0)
})
const host = await startHost({ databaseFile: join(folder, 'bench.sqlite'), dataDir: folder, port: 0, access: { requestsPerMinute: 1_000_000_000 } })
// DATEV needs the consultant and client numbers, and an account for the 0 % group (DOMESTIC_ZERO has no default).
const company = await host.invoicing.companies.create({
  name: 'Export Bench GmbH', country: 'DE', apiCallQuota: 1_000_000_000,
  datev: { consultantNumber: 29098, clientNumber: 55003, revenueAccounts: { DOMESTIC_ZERO: '8200' } },
})
const actor = companyActor(company.id)
const { secret } = await host.invoicing.apiKeys.create(actor)
const count = Number(process.env.BENCH_EXPORT_INVOICES ?? 100_000)
const customers = await Promise.all(Array.from({ length: 200 }, (_, index) =>
  host.invoicing.customers.create(actor, { name: `Kunde ${index} Müller`, country: 'DE' })))
const seeded = Date.now()
await seedIssuedInvoices(host.invoicing, host.storage, actor, customers.map((customer) => customer.id), count)
const seedSeconds = (Date.now() - seeded) / 1000

/** Copies of one issued invoice of three tax groups with new ids, numbers, days and customers, in transactions of 1,000. */
async function seedIssuedInvoices(invoicing: Invoicing, storage: Storage, by: Actor, customerIds: string[], total: number) {
  const template = await invoicing.invoices.create(by, {
    // Outside the exported year: the template itself is no part of the exports.
    customerId: customerIds[0]!, issueDate: '2024-12-31',
    lines: [
      { description: 'Beratung', quantity: 3, unitPrice: '95.50', taxRate: 19 },
      { description: 'Fachbuch', quantity: 1, unitPrice: '39.90', taxRate: 7 },
      { description: 'Solarmodul', quantity: 2, unitPrice: '120.00', taxRate: 0 },
    ],
  })
  const { customer: _, payments: __, paidAmount: ___, ...invoice } = template
  const progress = seedProgress('issued invoices', total)
  for (let start = 0; start < total; start += 1000) {
    await storage.transaction(async (tx) => {
      for (let index = start; index < Math.min(total, start + 1000); index++) {
        const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(index * 365 / total) * 86_400_000).toISOString().slice(0, 10)
        const id = `bx${index.toString(36).padStart(8, '0')}`
        await tx.invoices.insert({
          ...invoice, id, number: `RE-2025-${String(index + 1).padStart(6, '0')}`, numberIssued: true, status: 'SENT',
          customerId: customerIds[index % customerIds.length]!, issueDate: day, dueDate: day,
          lines: invoice.lines.map((line, position) => ({ ...line, id: `${id}l${position}` })),
        })
      }
    })
    progress(Math.min(total, start + 1000))
  }
}

/** Runs `work` and reports its seconds and the peak growth of the resident set meanwhile (sampled every 20 ms). */
async function measured(work: () => Promise<Record<string, unknown>>) {
  globalThis.gc?.()
  const before = process.memoryUsage().rss
  let peak = before
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss) }, 20)
  const started = process.hrtime.bigint()
  const cpuBefore = process.cpuUsage()
  const result = await work()
  const cpu = process.cpuUsage(cpuBefore)
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rssGrowthMb: (peak - before) / 1_048_576, ...result }
}

/** The whole year, or its first day to warm up (code loaded on first use does not count as growth). */
const periodOf = (warmUp: boolean) => ({ from: '2025-01-01', to: warmUp ? '2025-01-01' : '2025-12-31' })

const cases: Record<string, (warmUp: boolean) => Promise<Record<string, unknown>>> = {
  /** The reference: every document of the year through the storage port, as the exports read them. */
  read: async (warmUp) => {
    let documents = 0
    for await (const _ of bookedDocumentRecords(host.storage, company.id, { ...periodOf(warmUp), documentTypes: ['INVOICE', 'CREDIT_NOTE'] })) documents++
    return { documents }
  },
  csv: (warmUp) => exportThroughApi('csv', { entity: 'invoices', ...periodOf(warmUp) }),
  datev: (warmUp) => exportThroughApi('datev', periodOf(warmUp)),
}

async function exportThroughApi(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${host.url}/api/v1/exports/${path}`, {
    method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  })
  const answer = await response.json() as { data?: { documentCount: number; file: { size: number } }; code?: string }
  if (response.status !== 201) throw new Error(`POST /exports/${path} answered ${response.status} ${answer.code}`)
  return { documents: answer.data!.documentCount, bytes: answer.data!.file.size }
}

process.on('message', async ({ name, warmUp }: { name: string; warmUp: boolean }) => {
  const work = cases[name]
  process.send!(work ? await measured(() => work(warmUp)).catch((error: Error) => ({ error: error.message })) : { error: `no case ${name}` })
})
process.send!({ url: host.url, count, seedSeconds, cases: Object.keys(cases) })
