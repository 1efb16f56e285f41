import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildDocumentView, type Locale } from '@invoicing/core'
import { createPdfLibRenderer } from './pdf-lib-renderer'
import { documentFixture } from './test-support/documents'
import { readPdf } from './test-support/read-pdf'

const renderer = createPdfLibRenderer()

type PrintedType = 'QUOTE' | 'ORDER_CONFIRMATION' | 'DELIVERY_NOTE'

/** The text a reader of the PDF of an issued document of `type` sees. */
async function printed(type: PrintedType, locale: Locale, input: Record<string, unknown> = {}): Promise<string> {
  const { invoicing, actor, company, customer } = await documentFixture()
  const buyer = await customer({ defaultLocale: locale })
  const created = await invoicing.orderDocuments.create(actor, type, {
    customerId: buyer.id,
    lines: [
      { description: 'Bürostuhl Ergo', quantity: 4, unitPrice: '249.50', lineType: 'PRODUCT', unit: 'H87' },
      { description: 'Montage', quantity: '1.5', unitPrice: '80', lineType: 'SERVICE', unit: 'HUR' },
    ],
    ...input,
  })
  const document = await invoicing.orderDocuments.update(actor, type, created.id, { status: 'OPEN' })
  const pdf = await readPdf(await renderer.render(buildDocumentView({ document, company, customer: buyer })))
  assert.equal(pdf.pages.length, 1)
  return pdf.text
}

function assertLines(text: string, present: string[], absent: string[] = []): void {
  for (const line of present) assert.ok(text.split('\n').some((each) => each.includes(line)), `missing "${line}" in:\n${text}`)
  for (const line of absent) assert.ok(!text.includes(line), `"${line}" must not be printed:\n${text}`)
}

describe('PDF of quotes, order confirmations and delivery notes: what a reader sees', () => {
  it('a German quote: Angebot, its number, Gültig bis, prices and total, no due date or payment request', async () => {
    const text = await printed('QUOTE', 'de', { validUntil: '2026-12-20', headerText: 'Gerne bieten wir Ihnen an:' })
    assertLines(text, [
      'Angebot', 'Angebotsnr. AN-2026-00001', 'Datum 20.11.2026', 'Gültig bis 20.12.2026', 'Gerne bieten wir Ihnen an:',
      'Pos. Beschreibung Menge Einheit Einzelpreis USt. Betrag', '1 Bürostuhl Ergo 4 H87 249,50 € 19 % 998,00 €', 'Gesamtbetrag 1.330,42 €',
    ], ['Fällig am', 'Bitte überweisen', 'ENTWURF'])
  })

  it('an English quote: Quote, Valid until', async () => {
    const text = await printed('QUOTE', 'en', { validUntil: '2026-12-20' })
    assertLines(text, ['Quote', 'Quote no. AN-2026-00001', 'Valid until 20 December 2026', 'Total €1,330.42'], ['Due date', 'Please transfer'])
  })

  it('a German and an English order confirmation with their delivery date', async () => {
    assertLines(await printed('ORDER_CONFIRMATION', 'de', { deliveryDate: '2026-12-01' }), [
      'Auftragsbestätigung', 'Auftragsnr. AB-2026-00001', 'Lieferdatum 01.12.2026', 'Gesamtbetrag 1.330,42 €',
    ], ['Fällig am', 'Bitte überweisen'])
    assertLines(await printed('ORDER_CONFIRMATION', 'en', { deliveryDate: '2026-12-01' }), [
      'Order confirmation', 'Order no. AB-2026-00001', 'Delivery date 1 December 2026', 'Total €1,330.42',
    ], ['Due date'])
  })

  it('a delivery note without prices: quantities and units, delivery date and tracking number, no price, no total', async () => {
    const text = await printed('DELIVERY_NOTE', 'de', {
      deliveryDate: '2026-11-21', trackingReference: 'DHL 0034043416',
      useShippingAddress: true, shippingName: 'Kunde AG Lager', shippingStreet: 'Industriestraße 9', shippingZipCode: '85748', shippingCity: 'Garching',
    })
    assertLines(text, [
      'Lieferschein', 'Lieferscheinnr. LS-2026-00001', 'Lieferdatum 21.11.2026', 'Sendungsnummer DHL 0034043416',
      'Kunde AG Lager', 'Industriestraße 9', '85748 Garching',
      'Pos. Beschreibung Menge Einheit', '1 Bürostuhl Ergo 4 H87', '2 Montage 1,5 HUR',
    ], ['Einzelpreis', 'Betrag', 'Gesamtbetrag', '€', 'Bitte überweisen'])
  })

  it('an English delivery note with prices: price columns and the total', async () => {
    const text = await printed('DELIVERY_NOTE', 'en', { showPrices: true })
    assertLines(text, [
      'Delivery note', 'Delivery note no. LS-2026-00001', 'Delivery date 20 November 2026',
      'No. Description Qty Unit Unit price VAT Amount', '1 Bürostuhl Ergo 4 H87 €249.50 19% €998.00', 'Total €1,330.42',
    ], ['Please transfer'])
  })
})
