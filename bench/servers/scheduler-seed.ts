// A SQLite database with `count` monthly schedules all due: one made through the engine, the
// rest copied with new ids in transactions of 1,000. Prints progress; answers the company id.
import { companyActor, createInvoicing, type RecurringSchedule } from '@invoicing/core'
import { createSqliteStorage } from '@invoicing/storage-sqlite'

const [databaseFile, countText, startDate] = process.argv.slice(2)
const count = Number(countText)
const storage = await createSqliteStorage({ filename: databaseFile! })
const invoicing = createInvoicing({ storage })
const actor = companyActor((await invoicing.companies.create({ name: 'Abo GmbH', vatId: 'DE123456789' })).id)
const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', country: 'DE' })
const { customer: _, netTotal: __, taxTotal: ___, grossTotal: ____, ...template } = await invoicing.recurringSchedules.create(actor, {
  name: 'Vertrag 0', customerId: customer.id, startDate: startDate!, issueMode: 'FINALIZE',
  template: { lines: [{ description: 'Miete {{monthName}} {{year}}', unitPrice: '10' }, { description: 'Service', quantity: 2, unitPrice: '4.50' }] },
})
const started = Date.now()
for (let start = 1; start < count; start += 1000) {
  await storage.transaction(async (tx) => {
    for (let index = start; index < Math.min(count, start + 1000); index++) {
      const schedule: RecurringSchedule = { ...template, id: `sched${index.toString(36).padStart(8, '0')}`, name: `Vertrag ${index}` }
      await tx.recurringSchedules.insert(schedule)
    }
  })
  if ((start + 999) % 5000 < 1000) process.stdout.write(`  seeded ${Math.min(count, start + 999).toLocaleString('en')} schedules (${((Date.now() - started) / 1000).toFixed(1)} s)\n`)
}
await invoicing.close()
await storage.close()
process.send!({ companyId: actor.companyId })
