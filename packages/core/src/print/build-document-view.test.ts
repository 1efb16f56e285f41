import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import type { CompanyCreateInput } from '../companies/company-schemas'
import { createInvoicing } from '../create-invoicing'
import type { CustomerCreateInput } from '../customers/customer-schemas'
import type { Invoice } from '../invoices/invoice'
import type { InvoiceCreateInput } from '../invoices/invoice-schemas'
import { createManualClock, createMemoryStorage } from '../testing'
import { buildDocumentView } from './build-document-view'
import type { DocumentView, ItemRowView } from './document-view'

/**
 * The view keeps a number and its currency or percent sign together with a no-break space;
 * the assertions read it as a plain space (one test checks the no-break space itself).
 */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('\u00a0', ' '))

async function setup(company: Partial<CompanyCreateInput> = {}, customer: Partial<CustomerCreateInput> = {}) {
  const invoicing = createInvoicing({ storage: createMemoryStorage(), clock: createManualClock('2026-03-16T09:00:00.000Z') })
  const companyRecord = await invoicing.companies.create({
    name: 'Muster GmbH', street: 'Hauptstraße 5', zipCode: '10115', city: 'Berlin', country: 'DE',
    email: 'rechnung@muster.de', phone: '+49 30 1234567', vatId: 'DE123456789', taxNumber: '30/123/45678',
    iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank', ...company,
  })
  const actor = companyActor(companyRecord.id)
  const customerRecord = await invoicing.customers.create(actor, {
    name: 'Kunde AG', street: 'Marktplatz 1', zipCode: '80331', city: 'München', country: 'DE', notes: 'CUSTOMER-SECRET', ...customer,
  })
  /** Creates a document and returns its view; `issue` moves it to FINAL first. */
  const view = async (input: Partial<InvoiceCreateInput> = {}, issue = true): Promise<{ view: DocumentView; raw: DocumentView; id: string }> => {
    const created = await invoicing.invoices.create(actor, {
      customerId: customerRecord.id, lines: [{ description: 'Beratung', quantity: 2, unitPrice: '100', unit: 'h' }], ...input,
    })
    const invoice = issue ? (await invoicing.invoices.update(actor, created.id, { status: 'FINAL' })).invoice : created
    const raw = buildDocumentView({ document: invoice, company: companyRecord, customer: customerRecord })
    return { view: plain(raw), raw, id: invoice.id }
  }
  return { invoicing, actor, company: companyRecord, customer: customerRecord, view }
}

const items = (view: DocumentView) => view.table.rows.filter((row): row is ItemRowView => row.kind === 'item')
const meta = (view: DocumentView) => Object.fromEntries(view.meta.map((row) => [row.label, row.value]))

describe('document view: German', () => {
  it('titles, labels, dates and amounts in German formats', async () => {
    const { view } = await setup()
    const { view: doc } = await view({
      servicePeriodStart: '2026-03-01', servicePeriodEnd: '2026-03-31', orderNumber: 'PO-4711', buyerReference: '04011000-12345-67',
      lines: [
        { description: 'Entwicklung\nSprint 12: Schnittstellen', quantity: 10.5, unitPrice: '95', unit: 'h' },
        { description: 'Fachbuch', quantity: 1, unitPrice: '39.90', taxRate: 7 },
        { description: 'Lizenz', quantity: 3, unitPrice: '33.335', discount: '0.01' },
      ],
    })
    assert.equal(doc.title, 'Rechnung')
    assert.equal(doc.kind, 'INVOICE')
    assert.equal(doc.watermark, null)
    assert.deepEqual(meta(doc), {
      'Rechnungsnr.': 'RE-2026-00001',
      Rechnungsdatum: '16.03.2026',
      Leistungszeitraum: '01.03.2026 – 31.03.2026',
      'Kundennr.': doc.meta.find((row) => row.label === 'Kundennr.')!.value,
      'Bestellnr.': 'PO-4711',
      'Ihre Referenz': '04011000-12345-67',
      'Fällig am': '30.03.2026',
    })
    assert.deepEqual(items(doc).map((row) => [row.position, row.quantity, row.unit, row.unitPrice, row.discount, row.taxRate, row.amount]), [
      ['1', '10,5', 'h', '95,00 €', '', '19 %', '997,50 €'],
      ['2', '1', '', '39,90 €', '', '7 %', '39,90 €'],
      ['3', '3', '', '33,335 €', '0,01 €', '19 %', '100,00 €'],
    ])
    assert.equal(items(doc)[0]!.description, 'Entwicklung\nSprint 12: Schnittstellen')
    assert.equal(doc.table.showDiscount, true)
    assert.equal(doc.table.showTaxRate, true)
    assert.deepEqual(doc.table.columns.unitPrice, 'Einzelpreis')
    assert.deepEqual(doc.totals!.lines, [
      { label: 'Nettobetrag', amount: '1.137,40 €' },
      { label: 'zzgl. 19 % USt. auf 1.097,50 €', amount: '208,53 €' },
      { label: 'zzgl. 7 % USt. auf 39,90 €', amount: '2,79 €' },
    ])
    assert.deepEqual(doc.totals!.grand, { label: 'Gesamtbetrag', amount: '1.348,72 €' })
    assert.equal(doc.paymentTerms[0], 'Bitte überweisen Sie den Betrag von 1.348,72 € bis zum 30.03.2026 ohne Abzug auf das unten genannte Konto. Verwendungszweck: RE-2026-00001.')
    assert.equal(doc.paymentTerms[1], 'Bankverbindung: IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX · Commerzbank')
    assert.equal(doc.pageNumberTemplate, 'Seite {page} von {pages}')
    assert.equal(doc.senderLine, 'Muster GmbH · Hauptstraße 5 · 10115 Berlin')
    assert.deepEqual(doc.recipient, ['Kunde AG', 'Marktplatz 1', '80331 München'])
    assert.deepEqual(doc.letterhead, {
      companyName: 'Muster GmbH',
      address: ['Hauptstraße 5', '10115 Berlin'],
      contact: ['Tel. +49 30 1234567', 'E-Mail rechnung@muster.de'],
      taxIds: ['USt-IdNr. DE123456789', 'Steuernr. 30/123/45678'],
      bank: ['Commerzbank', 'IBAN DE89 3704 0044 0532 0130 00', 'BIC COBADEFFXXX'],
    })
    assert.deepEqual(doc.legalNotes, [])
  })

  it('numbers only amount lines, shows TEXT and PAGEBREAK rows, and SUBTOTAL as the running net', async () => {
    const { view } = await setup()
    const { view: doc } = await view({
      lines: [
        { lineType: 'TEXT', description: 'Phase 1' },
        { description: 'Konzept', quantity: 1, unitPrice: '1000' },
        { description: 'Design', quantity: 1, unitPrice: '234.56' },
        { lineType: 'SUBTOTAL' },
        { lineType: 'PAGEBREAK' },
        { lineType: 'DISCOUNT_PERCENT', description: 'Treuerabatt', unitPrice: '10' },
        { lineType: 'SUBTOTAL', description: 'Summe nach Rabatt' },
      ],
    })
    assert.deepEqual(doc.table.rows.map((row) => row.kind === 'item' ? `${row.position} ${row.description} ${row.amount}` : row.kind === 'text' ? `text ${row.text}` : row.kind === 'subtotal' ? `${row.label} ${row.amount}` : row.kind), [
      'text Phase 1',
      '1 Konzept 1.000,00 €',
      '2 Design 234,56 €',
      'Zwischensumme 1.234,56 €',
      'pagebreak',
      '3 Treuerabatt -123,46 €',
      'Summe nach Rabatt 1.111,10 €',
    ])
    const discount = items(doc)[2]!
    assert.deepEqual([discount.quantity, discount.unit, discount.unitPrice], ['', '', '10 %'])
    assert.equal(doc.table.showDiscount, false)
  })

  it('a draft has no number yet: a watermark and "Entwurf" instead of the placeholder', async () => {
    const { view } = await setup()
    const { view: doc } = await view({}, false)
    assert.equal(doc.watermark, 'ENTWURF')
    assert.equal(meta(doc)['Rechnungsnr.'], 'Entwurf')
    assert.ok(!JSON.stringify(doc).includes('ENTWURF-'))
  })

  it('prints the invoice date as service date when asked, and custom title, header and footer texts', async () => {
    const { view } = await setup()
    const { view: doc } = await view({ invoiceDateIsServiceDate: true, customTitle: 'Abschlagsrechnung', headerText: 'Sehr geehrte Damen und Herren,\r\nwir berechnen:\t', footer: 'Mit freundlichen Grüßen' })
    assert.equal(meta(doc).Leistungsdatum, 'entspricht Rechnungsdatum')
    assert.equal(doc.title, 'Abschlagsrechnung')
    assert.equal(doc.headerText, 'Sehr geehrte Damen und Herren,\nwir berechnen:')
    assert.equal(doc.footerText, 'Mit freundlichen Grüßen')
  })

  it('reads the invoice date as the date of supply of a German invoice that names none (§ 14 UStG), in both languages', async () => {
    const { view } = await setup()
    assert.equal(meta((await view()).view).Leistungsdatum, 'entspricht Rechnungsdatum')
    assert.equal(meta((await view({ documentLocale: 'en' })).view)['Date of supply'], 'equals invoice date')
    assert.equal(meta((await view({ servicePeriodStart: '2026-03-02' })).view).Leistungsdatum, '02.03.2026', 'a service date given wins')
    assert.equal(meta((await view({ invoiceType: 'PROFORMA' })).view).Leistungsdatum, undefined, 'a proforma is no invoice and needs none')
    const { invoicing, actor, company, customer } = await setup()
    const creditNote = await invoicing.creditNotes.create(actor, { recipientId: customer.id, lines: [{ description: 'Provision', unitPrice: '50' }] })
    assert.equal(meta(buildDocumentView({ document: creditNote, company, customer })).Leistungsdatum, undefined, 'nor is a credit note')
    const austrian = await setup({ country: 'AT', vatId: 'ATU12345678' })
    assert.equal(meta((await austrian.view()).view).Leistungsdatum, undefined, 'only a German invoice is read so')
  })

  it('leaves the letterhead out for pre-printed paper, but keeps the sender line', async () => {
    const { view } = await setup()
    const { view: doc } = await view({ pdfWithoutLetterhead: true })
    assert.equal(doc.letterhead, null)
    assert.equal(doc.senderLine, 'Muster GmbH · Hauptstraße 5 · 10115 Berlin')
  })

  it('never includes the internal notes of the invoice or the customer', async () => {
    const { view } = await setup()
    const { view: doc } = await view({ notes: 'INTERNAL-SECRET: Kunde zahlt spät' })
    const text = JSON.stringify(doc)
    assert.ok(!text.includes('INTERNAL-SECRET'))
    assert.ok(!text.includes('CUSTOMER-SECRET'))
  })

  it('puts the shipping address in the window when asked, with the country in capitals when abroad', async () => {
    const { view } = await setup()
    const { view: doc } = await view({
      useShippingAddress: true, shippingName: 'Kunde AG\nWareneingang Tor 3', shippingStreet: 'Industriestraße 9', shippingZipCode: '4020', shippingCity: 'Linz', shippingCountry: 'AT',
    })
    assert.deepEqual(doc.recipient, ['Kunde AG', 'Wareneingang Tor 3', 'Industriestraße 9', '4020 Linz', 'ÖSTERREICH'])
    const { view: plain } = await view()
    assert.deepEqual(plain.recipient, ['Kunde AG', 'Marktplatz 1', '80331 München'])
  })

  it('keeps an amount and its currency together with a no-break space', async () => {
    const { view } = await setup()
    const { raw } = await view()
    assert.equal(raw.totals!.grand.amount, '238,00\u00a0€')
    assert.equal(items(raw)[0]!.taxRate, '19\u00a0%')
  })

  it('formats large amounts exactly, without floating-point error', async () => {
    const { view } = await setup()
    const { view: doc } = await view({ lines: [{ description: 'Anlage', quantity: 3, unitPrice: '33333333.33' }, { description: 'Kleinteil', quantity: 1, unitPrice: '0.1' }, { description: 'Kleinteil', quantity: 1, unitPrice: '0.2' }] })
    assert.equal(items(doc)[0]!.amount, '99.999.999,99 €')
    assert.equal(doc.totals!.lines[0]!.amount, '100.000.000,29 €')
    assert.equal(doc.totals!.grand.amount, '119.000.000,35 €')
  })

  it('keeps characters of every European name as one glyph each (NFC)', async () => {
    const { view } = await setup({}, { name: 'Łódź Żółć Příliš žluťoučký kůň'.normalize('NFD'), city: 'İstanbul Şişli' })
    const { view: doc } = await view()
    assert.equal(doc.recipient[0], 'Łódź Żółć Příliš žluťoučký kůň')
    assert.equal(doc.recipient[2], '80331 İstanbul Şişli')
  })
})

describe('document view: English', () => {
  it('titles, labels, dates and amounts in English formats', async () => {
    const { view } = await setup({}, { country: 'DE', defaultLocale: 'en' })
    const { view: doc } = await view({
      invoiceDateIsServiceDate: true,
      lines: [{ description: 'Consulting', quantity: 1, unitPrice: '1037.44' }],
    })
    assert.equal(doc.locale, 'en')
    assert.equal(doc.languageTag, 'en-GB')
    assert.equal(doc.title, 'Invoice')
    assert.deepEqual(doc.meta.slice(0, 3), [
      { label: 'Invoice no.', value: 'RE-2026-00001' },
      { label: 'Invoice date', value: '16 March 2026' },
      { label: 'Date of supply', value: 'equals invoice date' },
    ])
    assert.equal(doc.table.columns.description, 'Description')
    assert.deepEqual(doc.totals!.lines, [
      { label: 'Net amount', amount: `€1,037.44` },
      { label: 'plus 19% VAT on €1,037.44', amount: '€197.11' },
    ])
    assert.deepEqual(doc.totals!.grand, { label: 'Total', amount: '€1,234.55' })
    assert.equal(doc.pageNumberTemplate, 'Page {page} of {pages}')
    assert.match(doc.paymentTerms[0]!, /^Please transfer €1,234\.55 by 30 March 2026/)
  })
})

describe('document view: legal notes', () => {
  const notesOf = async (company: Partial<CompanyCreateInput>, customer: Partial<CustomerCreateInput>, input: Partial<InvoiceCreateInput> = {}) => {
    const { view } = await setup(company, customer)
    return (await view(input)).view
  }

  it('small business (§ 19 UStG): no VAT lines, one total, the note; Austrian wording for an Austrian company', async () => {
    const doc = await notesOf({ smallBusiness: true }, {})
    assert.deepEqual(doc.legalNotes, ['Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (Kleinunternehmerregelung).'])
    assert.deepEqual(doc.totals!.lines, [])
    assert.equal(doc.table.showTaxRate, false)
    assert.deepEqual(doc.totals!.grand, { label: 'Gesamtbetrag', amount: '200,00 €' })
    const austrian = await notesOf({ smallBusiness: true, country: 'AT', vatId: null }, { country: 'AT' })
    assert.deepEqual(austrian.legalNotes, ['Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG.'])
  })

  it('reverse charge for an EU business, with the customer\'s VAT id, in both languages', async () => {
    const doc = await notesOf({}, { country: 'AT', vatId: 'ATU12345678' })
    assert.deepEqual(doc.legalNotes, ['Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge) gemäß § 13b UStG und Art. 196 MwStSystRL.'])
    assert.equal(meta(doc)['Ihre USt-IdNr.'], 'ATU12345678')
    assert.equal(doc.recipient.at(-1), 'ÖSTERREICH')
    assert.equal(doc.senderLine, 'Muster GmbH · Hauptstraße 5 · 10115 Berlin · Deutschland')
    const english = await notesOf({}, { country: 'AT', vatId: 'ATU12345678', defaultLocale: 'en' })
    assert.deepEqual(english.legalNotes, ['Reverse charge: VAT is payable by the recipient (Art. 196 Council Directive 2006/112/EC).'])
    assert.equal(english.recipient.at(-1), 'AUSTRIA')
  })

  it('third country, intra-community supply, export and § 13b each have their own note', async () => {
    assert.deepEqual((await notesOf({}, { country: 'CH' })).legalNotes, ['Nicht im Inland steuerbare Leistung: Der Leistungsort liegt im Drittland.'])
    assert.deepEqual((await notesOf({}, { country: 'US', defaultLocale: 'en' })).legalNotes, ['Not subject to VAT in the EU: the place of supply is outside the EU.'])
    assert.deepEqual((await notesOf({}, { country: 'FR', vatId: 'FR12345678901' }, { taxExemptionReason: 'INTRA_COMMUNITY' })).legalNotes,
      ['Steuerfreie innergemeinschaftliche Lieferung gemäß § 4 Nr. 1b i. V. m. § 6a UStG.'])
    assert.deepEqual((await notesOf({}, { country: 'FR', vatId: 'FR12345678901', defaultLocale: 'en' }, { taxExemptionReason: 'INTRA_COMMUNITY' })).legalNotes,
      ['VAT-exempt intra-Community supply (Art. 138 Council Directive 2006/112/EC).'])
    assert.deepEqual((await notesOf({}, { country: 'CH' }, { taxExemptionReason: 'EXPORT_DELIVERY' })).legalNotes, ['Steuerfreie Ausfuhrlieferung gemäß § 4 Nr. 1a i. V. m. § 6 UStG.'])
    assert.deepEqual((await notesOf({}, {}, { taxExemptionReason: 'REVERSE_CHARGE_13B' })).legalNotes, ['Steuerschuldnerschaft des Leistungsempfängers gemäß § 13b UStG.'])
  })

  it('OSS names the country of destination; the note given on the invoice replaces the built-in one', async () => {
    const oss = await notesOf({ ossRegistered: true }, { country: 'FR' })
    assert.deepEqual(oss.legalNotes, ['Die Umsatzsteuer wird nach dem Steuersatz des Bestimmungslandes Frankreich berechnet und über das One-Stop-Shop-Verfahren (OSS) erklärt.'])
    assert.equal(oss.totals!.lines[1]!.label, 'zzgl. 20 % USt. auf 200,00 €')
    const given = await notesOf({}, { country: 'CH' }, { taxExemptionNote: 'Steuerfrei nach § 4 Nr. 14 UStG (Heilbehandlung).' })
    assert.deepEqual(given.legalNotes, ['Steuerfrei nach § 4 Nr. 14 UStG (Heilbehandlung).'])
  })
})

describe('document view: credit notes and proformas', () => {
  it('a cancellation is titled Stornorechnung, names the cancelled invoice, and shows its amounts negative', async () => {
    const { invoicing, actor, company, customer, view } = await setup()
    const { id } = await view({ lines: [{ description: 'Beratung', quantity: 2, unitPrice: '617.28', unit: 'h' }] })
    const { invoice: cancelled, cancellationCreditNote } = await invoicing.invoices.update(actor, id, { status: 'CANCELLED' })
    const doc = plain(buildDocumentView({ document: cancellationCreditNote!, company, customer, parentInvoice: cancelled }))
    assert.equal(doc.kind, 'CANCELLATION')
    assert.equal(doc.title, 'Stornorechnung')
    assert.equal(doc.subtitle, 'zur Rechnung Nr. RE-2026-00001 vom 16.03.2026')
    assert.equal(doc.reference, 'Stornorechnung GS-2026-00001')
    assert.equal(meta(doc)['Stornorechnungsnr.'], 'GS-2026-00001')
    assert.equal(meta(doc)['Fällig am'], undefined)
    assert.deepEqual([items(doc)[0]!.quantity, items(doc)[0]!.unitPrice, items(doc)[0]!.amount], ['-2', '617,28 €', '-1.234,56 €'])
    assert.deepEqual(doc.totals!.grand, { label: 'Gesamtbetrag', amount: '-1.469,13 €' })
    assert.deepEqual(doc.legalNotes, ['Mit dieser Stornorechnung wird die Rechnung Nr. RE-2026-00001 vom 16.03.2026 vollständig storniert.'])

    const english = plain(buildDocumentView({ document: { ...cancellationCreditNote!, documentLocale: 'en' }, company, customer, parentInvoice: cancelled }))
    assert.equal(english.title, 'Cancellation invoice')
    assert.equal(english.subtitle, 'for invoice no. RE-2026-00001 of 16 March 2026')
    assert.equal(english.totals!.grand.amount, '-€1,469.13')

    const returned: Invoice = { ...cancellationCreditNote!, creditNoteReason: 'RETURN' }
    const creditNote = plain(buildDocumentView({ document: returned, company, customer: { ...customer, iban: 'DE02120300000000202051' }, parentInvoice: cancelled }))
    assert.equal(creditNote.title, 'Gutschrift')
    assert.equal(creditNote.subtitle, 'zur Rechnung Nr. RE-2026-00001 vom 16.03.2026')
    assert.deepEqual(creditNote.totals!.grand, { label: 'Gutschriftsbetrag', amount: '-1.469,13 €' })
    assert.deepEqual(creditNote.paymentTerms, ['Den Betrag von 1.469,13 € überweisen wir auf Ihr Konto DE02 …2051.'])
  })

  it('a proforma has its own title, number label and note', async () => {
    const { view } = await setup()
    const { view: doc } = await view({ invoiceType: 'PROFORMA' })
    assert.equal(doc.title, 'Proforma-Rechnung')
    assert.equal(meta(doc)['Proforma-Nr.'], 'PF-2026-00001')
    assert.deepEqual(doc.legalNotes, ['Diese Proforma-Rechnung ist keine Rechnung im Sinne des Umsatzsteuergesetzes und berechtigt nicht zum Vorsteuerabzug.'])
    assert.match(doc.paymentTerms[0]!, /im Voraus/)
  })

  it('a customer with a SEPA mandate is told about the direct debit instead of a transfer', async () => {
    const { view } = await setup({ sepaCreditorId: 'DE98ZZZ09999999999' }, { iban: 'DE02120300000000202051', sepaMandateId: 'M-0001', sepaMandateDate: '2026-01-01' })
    const { view: doc } = await view()
    assert.deepEqual(doc.paymentTerms, ['Den Betrag von 238,00 € ziehen wir am 30.03.2026 per SEPA-Lastschrift von Ihrem Konto DE02 …2051 ein. Mandatsreferenz: M-0001, Gläubiger-ID: DE98ZZZ09999999999.'])
  })
})
