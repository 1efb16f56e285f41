// Renders the sample documents shown in the README: builds real invoices with the engine in
// memory, turns them into PDFs with @invoicing/pdf, and the first page of each into a PNG
// with pdftoppm (Debian: `apt-get install poppler-utils`).
//
//   node --conditions=@invoicing/source --import tsx examples/render-samples.ts [--keep-pdf]
//
// Writes examples/sample-invoice-de.png, sample-invoice-en.png and sample-credit-note.png
// (with --keep-pdf also the PDFs next to them).
import { buildDocumentView, companyActor, createInvoicing, createMemoryStorage, type DocumentView } from '@invoicing/core'
import { createPdfLibRenderer } from '@invoicing/pdf'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const clock = { now: () => new Date('2026-11-20T09:30:00.000Z') }
const invoicing = createInvoicing({ storage: createMemoryStorage(), clock })

const company = await invoicing.companies.create({
  name: 'Holzwerkstatt Schäfer GmbH',
  street: 'Am Sägewerk 12', zipCode: '79098', city: 'Freiburg im Breisgau', country: 'DE',
  phone: '+49 761 203 4455', email: 'buchhaltung@holzwerkstatt-schaefer.de', website: 'www.holzwerkstatt-schaefer.de',
  vatId: 'DE287654321', taxNumber: '06471/12345',
  iban: 'DE02120300000000202051', bic: 'BYLADEM1001', bankName: 'Deutsche Kreditbank',
  paymentTermDays: 14,
})
const actor = companyActor(company.id)

const german = await invoicing.customers.create(actor, {
  name: 'Gasthaus Zur Krone\nInh. Jürgen Weiß', street: 'Schloßbergstraße 3', zipCode: '79100', city: 'Freiburg im Breisgau', country: 'DE',
})
const danish = await invoicing.customers.create(actor, {
  name: 'Ærøskøbing Møbler ApS', street: 'Vestergade 41', zipCode: '5970', city: 'Ærøskøbing', country: 'DK',
  vatId: 'DK12345678', defaultLocale: 'en',
})
const product = await invoicing.products.create(actor, {
  name: 'Esstisch Eiche massiv', description: '220 × 100 cm, geölt, mit zwei Ansteckplatten', unitPrice: '2380', unit: 'Stk.', lineType: 'PRODUCT',
})

const renderer = createPdfLibRenderer({ now: clock.now })

async function issue(customerId: string, input: Partial<Parameters<typeof invoicing.invoices.create>[1]>) {
  const draft = await invoicing.invoices.create(actor, { customerId, lines: [], ...input })
  return (await invoicing.invoices.update(actor, draft.id, { status: 'FINAL' })).invoice
}

const invoiceDe = await issue(german.id, {
  issueDate: '2026-11-20',
  servicePeriodStart: '2026-10-01', servicePeriodEnd: '2026-10-31',
  orderNumber: 'B-2026-118',
  headerText: 'Sehr geehrter Herr Weiß,\nvielen Dank für Ihren Auftrag. Wir berechnen Ihnen die folgenden Leistungen:',
  lines: [
    { lineType: 'TEXT', description: 'Gastraum' },
    { productId: product.id, quantity: 2 },
    { description: 'Sitzbank Eiche, 180 cm, mit Rückenlehne\nPolsterung Leder cognac', quantity: 4, unitPrice: '890', unit: 'Stk.', discount: '120' },
    { description: 'Montage vor Ort', quantity: 6.5, unitPrice: '68', unit: 'Std.', lineType: 'SERVICE' },
    { lineType: 'SUBTOTAL', description: 'Zwischensumme Gastraum' },
    { description: 'Pflegeöl für Holzoberflächen, 1 l', quantity: 3, unitPrice: '24.90', unit: 'Fl.' },
    { description: 'Fachbuch „Holz richtig pflegen“', quantity: 1, unitPrice: '29.80', unit: 'Stk.', taxRate: 7 },
    { description: 'Anlieferung mit Transporter', quantity: 1, unitPrice: '85', lineType: 'SHIPPING' },
  ],
  footer: 'Wir danken für Ihr Vertrauen und freuen uns auf die weitere Zusammenarbeit.\nMit freundlichen Grüßen aus Freiburg',
})

const invoiceEn = await issue(danish.id, {
  issueDate: '2026-11-20',
  invoiceDateIsServiceDate: true,
  buyerReference: 'PO 4471-Ø',
  headerText: 'Dear Åsa Østergaard,\nthank you for your order. As agreed, we invoice the following:',
  lines: [
    { description: 'Dining table, solid oak, 220 × 100 cm\nOiled finish, two extension leaves', quantity: 1, unitPrice: '2380', unit: 'pc' },
    { description: 'Dining chair "Łódź", oak, wool upholstery', quantity: 8, unitPrice: '420', unit: 'pc' },
    { description: 'Freight to Ærøskøbing, insured', quantity: 1, unitPrice: '640', lineType: 'SHIPPING' },
    { lineType: 'DISCOUNT_PERCENT', description: 'Trade discount', unitPrice: '5', taxRate: 19 },
  ],
  footer: 'Kind regards from Freiburg.',
})

const original = await issue(german.id, {
  issueDate: '2026-11-02',
  servicePeriodStart: '2026-10-28', servicePeriodEnd: '2026-10-28',
  lines: [
    { description: 'Reparatur Eingangstür, Eiche\nSchloss und Bänder erneuert', quantity: 3.5, unitPrice: '68', unit: 'Std.', lineType: 'SERVICE' },
    { description: 'Türband, Edelstahl', quantity: 3, unitPrice: '18.40', unit: 'Stk.' },
  ],
})
const { invoice: cancelled, cancellationCreditNote } = await invoicing.invoices.update(actor, original.id, { status: 'CANCELLED' })

const customerOf = async (id: string) => invoicing.customers.get(actor, id)
const samples: [string, DocumentView][] = [
  ['sample-invoice-de', buildDocumentView({ document: invoiceDe, company, customer: await customerOf(german.id) })],
  ['sample-invoice-en', buildDocumentView({ document: invoiceEn, company, customer: await customerOf(danish.id) })],
  ['sample-credit-note', buildDocumentView({ document: cancellationCreditNote!, company, customer: await customerOf(german.id), parentInvoice: cancelled })],
]

const here = fileURLToPath(new URL('.', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'invoicing-samples-'))
const keepPdf = process.argv.includes('--keep-pdf')
try {
  for (const [name, view] of samples) {
    const pdf = join(keepPdf ? here : work, `${name}.pdf`)
    writeFileSync(pdf, await renderer.render(view))
    execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', pdf, join(here, name)])
    console.log(`examples/${name}.png`)
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
