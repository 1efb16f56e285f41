// The host with 100 invoices of 1,000 lines each, for the memory a large response costs.
// `seed <folder>` fills a database there and exits; `serve <folder>` starts a fresh host on it
// (so seeding leaves nothing in its memory) and answers the driver's messages with its RSS.
import { join } from 'node:path'
import { companyActor } from '@invoicing/core'
import { startHost } from '@invoicing/http'

const [mode, folder] = process.argv.slice(2) as ['seed' | 'serve', string]
const INVOICES = 100
const LINES = 1000

const host = await startHost({
  databaseFile: join(folder, 'large.sqlite'), dataDir: folder, port: 0,
  access: { requestsPerMinute: 1_000_000_000 },
})

if (mode === 'seed') {
  const company = await host.invoicing.companies.create({ name: 'Großhandel GmbH', apiCallQuota: null })
  const actor = companyActor(company.id)
  const { secret } = await host.invoicing.apiKeys.create(actor)
  const customer = await host.invoicing.customers.create(actor, { name: 'Baumarkt Süd KG', city: 'München' })
  const lines = Array.from({ length: LINES }, (_, index) => ({
    description: `Position ${index + 1}: Schrauben, verzinkt, 4 × 40 mm\nLieferung ab Lager Nord`, quantity: (index % 5) + 1,
    unitPrice: `${(index * 0.35 + 1).toFixed(2)}`, unit: 'Pck.', taxRate: index % 4 === 0 ? 7 : 19,
  }))
  const first = await host.invoicing.invoices.create(actor, { customerId: customer.id, lines })
  // The other 99 as copies of the first with their own ids, one transaction each.
  const { customer: _, payments: __, paidAmount: ___, ...template } = first
  for (let index = 1; index < INVOICES; index++) {
    const id = `large${String(index).padStart(4, '0')}`
    await host.storage.transaction((tx) => tx.invoices.insert({
      ...template, id, number: `ENTWURF-${id}`, lines: template.lines.map((line, position) => ({ ...line, id: `${id}l${position}` })),
    }))
  }
  await host.close()
  process.send!({ key: secret, invoiceId: first.id })
  process.exit(0)
}

const rss = () => ({ rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 })
process.on('message', () => process.send!(rss()))
process.send!({ url: host.url })
