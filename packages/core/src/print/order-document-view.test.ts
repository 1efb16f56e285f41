import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import type { OrderDocument, OrderDocumentType } from '../order-documents/order-document'
import { createManualClock, createMemoryStorage } from '../testing'
import { buildDocumentView } from './build-document-view'
import type { DocumentView, ItemRowView } from './document-view'

/** The view keeps amounts and their sign together with a no-break space; assertions read a plain space. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('\u00a0', ' '))
const meta = (view: DocumentView) => Object.fromEntries(view.meta.map((row) => [row.label, row.value]))
const items = (view: DocumentView) => view.table.rows.filter((row): row is ItemRowView => row.kind === 'item')

async function setup() {
  const invoicing = createInvoicing({ storage: createMemoryStorage(), clock: createManualClock('2026-03-16T09:00:00.000Z') })
  const company = await invoicing.companies.create({
    name: 'Muster GmbH', street: 'Hauptstraße 5', zipCode: '10115', city: 'Berlin', country: 'DE',
    vatId: 'DE123456789', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX',
  })
  const actor = companyActor(company.id)
  const customer = await invoicing.customers.create(actor, { name: 'Kunde AG', street: 'Marktplatz 1', zipCode: '80331', city: 'München', country: 'DE' })
  const lines = [
    { description: 'Stuhl', quantity: 4, unitPrice: '100', lineType: 'PRODUCT', unit: 'H87' },
    { description: 'Rabatt', quantity: 1, unitPrice: '10', lineType: 'DISCOUNT_PERCENT' },
    { description: 'Zwischensumme', lineType: 'SUBTOTAL' },
    { description: 'Bitte sorgfältig behandeln', lineType: 'TEXT' },
  ]
  /** A document of `type` as its view shows it; `open` gives it its number first. */
  const view = async (type: OrderDocumentType, input: Record<string, unknown> = {}, open = true): Promise<DocumentView> => {
    const created = await invoicing.orderDocuments.create(actor, type, { customerId: customer.id, lines, ...input })
    const document: OrderDocument = open ? await invoicing.orderDocuments.update(actor, type, created.id, { status: 'OPEN' }) : created
    return plain(buildDocumentView({ document, company, customer }))
  }
  return { view }
}

describe('document view: quotes, order confirmations and delivery notes', () => {
  it('a quote: its title, number, date, customer number and "Gültig bis"; prices and totals, but no due date and no payment terms', async () => {
    const { view } = await setup()
    const quote = await view('QUOTE', { validUntil: '2026-04-15', headerText: 'Wir bieten Ihnen an:', footer: 'Wir freuen uns auf Ihren Auftrag.' })
    assert.equal(quote.kind, 'QUOTE')
    assert.equal(quote.title, 'Angebot')
    assert.equal(quote.reference, 'Angebot AN-2026-00001')
    assert.deepEqual(meta(quote), {
      'Angebotsnr.': 'AN-2026-00001', Datum: '16.03.2026', 'Kundennr.': quote.meta.find((row) => row.label === 'Kundennr.')!.value, 'Gültig bis': '15.04.2026',
    })
    assert.deepEqual(quote.paymentTerms, [], 'a quote asks for no payment')
    assert.equal(quote.table.showPrices, true)
    assert.equal(quote.totals!.grand.label, 'Gesamtbetrag')
    assert.equal(quote.totals!.grand.amount, '428,40 €')
    assert.equal(quote.headerText, 'Wir bieten Ihnen an:')
    assert.equal(quote.footerText, 'Wir freuen uns auf Ihren Auftrag.')
    assert.equal(quote.watermark, null)
  })

  it('in English: Quote, Valid until; a draft carries the watermark and "Draft" as its number', async () => {
    const { view } = await setup()
    const draft = await view('QUOTE', { documentLocale: 'en', validUntil: '2026-04-15' }, false)
    assert.equal(draft.title, 'Quote')
    assert.equal(draft.watermark, 'DRAFT')
    assert.equal(meta(draft)['Quote no.'], 'Draft')
    assert.equal(meta(draft)['Valid until'], '15 April 2026')
    assert.equal(draft.totals!.grand.amount, '€428.40')
  })

  it('an order confirmation: its title, its delivery date when set, none when not; customTitle replaces the title', async () => {
    const { view } = await setup()
    const confirmed = await view('ORDER_CONFIRMATION', { deliveryDate: '2026-04-01' })
    assert.equal(confirmed.title, 'Auftragsbestätigung')
    assert.equal(meta(confirmed).Lieferdatum, '01.04.2026')
    assert.equal(meta(confirmed)['Fällig am'], undefined)
    assert.deepEqual(confirmed.paymentTerms, [])
    const undated = await view('ORDER_CONFIRMATION', { documentLocale: 'en', customTitle: 'Order acknowledgement' })
    assert.equal(undated.title, 'Order acknowledgement')
    assert.equal(undated.reference, 'Order confirmation AB-2026-00002')
    assert.equal(meta(undated)['Delivery date'], undefined)
  })

  it('a delivery note without prices: quantities, units and descriptions only, no price columns, no totals; its delivery date and tracking number', async () => {
    const { view } = await setup()
    const note = await view('DELIVERY_NOTE', { deliveryDate: '2026-03-17', trackingReference: 'DHL 00340434161094015902' })
    assert.equal(note.title, 'Lieferschein')
    assert.deepEqual(meta(note), {
      'Lieferscheinnr.': 'LS-2026-00001', Datum: '16.03.2026', 'Kundennr.': note.meta.find((row) => row.label === 'Kundennr.')!.value,
      Lieferdatum: '17.03.2026', Sendungsnummer: 'DHL 00340434161094015902',
    })
    assert.equal(note.table.showPrices, false)
    assert.equal(note.table.showTaxRate, false)
    assert.equal(note.totals, null)
    // The discount and the subtotal say nothing without prices; the text line stays.
    assert.deepEqual(note.table.rows, [
      { kind: 'item', position: '1', description: 'Stuhl', quantity: '4', unit: 'H87', unitPrice: '', discount: '', taxRate: '', amount: '' },
      { kind: 'text', text: 'Bitte sorgfältig behandeln' },
    ])
    assert.deepEqual(note.paymentTerms, [])
    assert.ok(!JSON.stringify(note).includes('€'), 'no amount anywhere on the note')
  })

  it('a delivery note with showPrices: prices and totals as on a quote, still no payment terms', async () => {
    const { view } = await setup()
    const note = await view('DELIVERY_NOTE', { showPrices: true, documentLocale: 'en' })
    assert.equal(note.title, 'Delivery note')
    assert.equal(note.table.showPrices, true)
    assert.deepEqual(items(note).map((row) => [row.description, row.unitPrice, row.amount]), [['Stuhl', '€100.00', '€400.00'], ['Rabatt', '10%', '-€40.00']])
    assert.equal(note.totals!.grand.amount, '€428.40')
    assert.equal(meta(note)['Delivery date'], '16 March 2026', 'the delivery date defaults to the issue date')
    assert.deepEqual(note.paymentTerms, [])
  })

  it('a delivery note goes to the shipping address when useShippingAddress, else to the billing address', async () => {
    const { view } = await setup()
    const shipped = await view('DELIVERY_NOTE', {
      useShippingAddress: true, shippingName: 'Kunde AG Lager', shippingStreet: 'Industriestraße 9', shippingZipCode: '85748', shippingCity: 'Garching',
    })
    assert.deepEqual(shipped.recipient, ['Kunde AG Lager', 'Industriestraße 9', '85748 Garching'])
    assert.deepEqual((await view('DELIVERY_NOTE')).recipient, ['Kunde AG', 'Marktplatz 1', '80331 München'])
  })
})
