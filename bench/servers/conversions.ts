// Converting a 500-line order confirmation into a delivery note, and that note into an
// invoice, on the embedded SQLite database (no HTTP): each step timed over several fresh
// confirmations. The reference row is creating the same 500-line confirmation as a draft,
// timed in the same loop, so the ratio does not move with the machine's speed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { companyActor, createInvoicing } from '@invoicing/core'
import { createSqliteStorage } from '@invoicing/storage-sqlite'

const repetitions = Number(process.argv[2] ?? 15)
const LINES = 500
const folder = mkdtempSync(join(tmpdir(), 'invoicing-bench-conversions-'))
const storage = await createSqliteStorage({ filename: join(folder, 'bench.sqlite') })
const invoicing = createInvoicing({ storage })
const company = await invoicing.companies.create({ name: 'Umwandlung GmbH', vatId: 'DE123456789' })
const actor = companyActor(company.id)
const customer = await invoicing.customers.create(actor, { name: 'Großkunde AG', country: 'DE' })
const lines = Array.from({ length: LINES }, (_, index) => ({
  description: `Artikel ${index + 1}`, quantity: (index % 7) + 1, unitPrice: `${(index * 3.17 + 5).toFixed(2)}`, lineType: index % 3 === 0 ? 'SERVICE' : 'PRODUCT',
}))

const timings: Record<string, number[]> = { create: [], toDeliveryNote: [], toInvoice: [] }
const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const start = performance.now()
  const result = await work()
  timings[name]!.push(performance.now() - start)
  return result
}
for (let round = 0; round < repetitions + 2; round++) {
  const confirmation = await timed('create', () => invoicing.orderDocuments.create(actor, 'ORDER_CONFIRMATION', { customerId: customer.id, lines }))
  await invoicing.orderDocuments.update(actor, 'ORDER_CONFIRMATION', confirmation.id, { status: 'OPEN' })
  const note = await timed('toDeliveryNote', () => invoicing.orderDocuments.convert(actor, 'ORDER_CONFIRMATION', confirmation.id, { target: 'DELIVERY_NOTE' }))
  if (note.resource !== 'order-document') throw new Error('expected a delivery note')
  await invoicing.orderDocuments.update(actor, 'DELIVERY_NOTE', note.document.id, { status: 'OPEN' })
  await timed('toInvoice', () => invoicing.orderDocuments.convert(actor, 'DELIVERY_NOTE', note.document.id, { target: 'INVOICE', issue: true }))
  // The first two rounds warm up and are not counted.
  if (round < 2) for (const list of Object.values(timings)) list.pop()
}
await storage.close()
rmSync(folder, { recursive: true, force: true })

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!
process.send!({
  lines: LINES,
  repetitions,
  results: Object.entries(timings).map(([name, values]) => ({ name, p50: quantile(values, 0.5), p99: quantile(values, 0.99) })),
})
