// @ts-check
// The invoicing core inside a plain Node app: no HTTP, no database, everything in memory.
// Run it with `node examples/embedded.js` after `npm install`.
import { companyActor, createInvoicing, createMemoryStorage, InvoicingError } from '@invoicing/core'
import { createPdfLibRenderer } from '@invoicing/pdf'

// The renderer draws PDFs: the one a sent invoice is archived as, and any on request.
const invoicing = createInvoicing({ storage: createMemoryStorage(), pdf: createPdfLibRenderer() })

const company = await invoicing.companies.create({ name: 'Werkstatt Meier GmbH', vatId: 'DE123456789' })
const actor = companyActor(company.id) // every use case acts for one company

const customer = await invoicing.customers.create(actor, { name: 'Ärztehaus Übersee', country: 'AT', vatId: 'ATU12345678' })
const product = await invoicing.products.create(actor, { name: 'Wartung', unitPrice: '89.90', unit: 'h', lineType: 'SERVICE' })
console.log(`${customer.customerNumber} ${customer.name} (${customer.country})`)
console.log(`${product.name}: ${product.unitPrice} EUR per ${product.unit}`)

// Subscribers hear an event once the change that caused it has committed.
invoicing.events.on('*', (event) => console.log(`event ${event.type}`))

// A draft for a customer in another EU country with a VAT id: reverse charge is derived.
const draft = await invoicing.invoices.create(actor, {
  customerId: customer.id,
  issueDate: '2026-11-02',
  lines: [{ productId: product.id, quantity: 2.5 }, { description: 'Anfahrt', unitPrice: '35' }],
})
console.log(`${draft.number.slice(0, 8)}… ${draft.taxExemptionReason} net ${draft.netTotal} gross ${draft.grossTotal} due ${draft.dueDate}`)

// Leaving draft takes the next number of the range, in the same transaction.
const { invoice } = await invoicing.invoices.update(actor, draft.id, { status: 'SENT' })
console.log(`${invoice.number} ${invoice.status}`)

const pdf = await invoicing.invoices.pdf(actor, invoice.id)
console.log(`${pdf.fileName}: ${Buffer.from(pdf.content).toString('latin1', 0, 8)}…`)

try {
  await invoicing.customers.create(actor, { name: 'Kaputt', email: 'not-an-email' })
} catch (error) {
  if (!(error instanceof InvoicingError)) throw error
  console.log(`rejected: ${error.code} (${error.message})`)
}
