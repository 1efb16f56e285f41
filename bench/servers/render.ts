// PDF and e-invoice renders per second for a 1-page and a 10-page invoice, measured in this
// process (no HTTP): the engine in memory makes the documents, then each is rendered in a loop.
import { buildDocumentView, companyActor, createInvoicing, createMemoryStorage, writeCii } from '@invoicing/core'
import { createPdfLibRenderer } from '@invoicing/pdf'
import { PDFDocument } from 'pdf-lib'

const seconds = Number(process.argv[2] ?? 3)
const invoicing = createInvoicing({ storage: createMemoryStorage() })
const company = await invoicing.companies.create({
  name: 'Holzwerkstatt Schäfer GmbH', street: 'Am Sägewerk 12', zipCode: '79098', city: 'Freiburg', vatId: 'DE287654321',
  email: 'buchhaltung@example.de', iban: 'DE02120300000000202051', bic: 'BYLADEM1001',
})
const actor = companyActor(company.id)
const customer = await invoicing.customers.create(actor, { name: 'Gasthaus Zur Krone', street: 'Schloßbergstraße 3', zipCode: '79100', city: 'Freiburg' })

async function documentWithLines(count: number) {
  const lines = Array.from({ length: count }, (_, index) => ({
    description: `Position ${index + 1}: Eiche massiv, geölt\nMaß nach Aufmaß`, quantity: (index % 5) + 1, unitPrice: `${(index * 7.35 + 10).toFixed(2)}`,
    taxRate: index % 4 === 0 ? 7 : 19, unit: 'Stk.',
  }))
  const { id } = await invoicing.invoices.create(actor, { customerId: customer.id, lines })
  const { invoice } = await invoicing.invoices.update(actor, id, { status: 'FINAL' })
  const fullCompany = (await invoicing.companies.get(actor))
  const fullCustomer = await invoicing.customers.get(actor, customer.id)
  return { invoice, company: fullCompany, customer: fullCustomer }
}

async function rate(work: () => Promise<unknown> | unknown) {
  for (let warm = 0; warm < 5; warm++) await work()
  let count = 0
  const start = performance.now()
  while (performance.now() - start < seconds * 1000) {
    await work()
    count++
  }
  return (count * 1000) / (performance.now() - start)
}

const renderer = createPdfLibRenderer()
const results: { name: string; perSecond: number; bytes: number }[] = []
for (const lineCount of [8, 190]) {
  const parts = await documentWithLines(lineCount)
  const xml = writeCii(parts, 'EN16931')
  const pdf = await renderer.render(buildDocumentView({ ...parts, document: parts.invoice }))
  const pages = (await PDFDocument.load(pdf)).getPageCount()
  const hybrid = () => renderer.render(buildDocumentView({ ...parts, document: parts.invoice }), {
    attachment: { fileName: 'factur-x.xml', content: writeCii(parts, 'EN16931'), mimeType: 'text/xml', relationship: 'Alternative', facturX: { conformanceLevel: 'EN 16931' } },
  })
  results.push({ name: `XML (CII EN 16931), ${lineCount} lines`, perSecond: await rate(() => writeCii(parts, 'EN16931')), bytes: Buffer.byteLength(xml) })
  const pageCount = `${pages} page${pages > 1 ? 's' : ''}`
  results.push({ name: `PDF, ${pageCount}`, perSecond: await rate(() => renderer.render(buildDocumentView({ ...parts, document: parts.invoice }))), bytes: pdf.length })
  results.push({ name: `hybrid PDF/A-3 + XML, ${pageCount}`, perSecond: await rate(hybrid), bytes: (await hybrid()).length })
}
process.send!({ results })
