import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { InvoicingError } from '../errors'
import { failsWith } from '../testing/fails-with'
import { writeCii } from './cii-writer'
import type { EInvoiceInput } from './einvoice-input'
import { createEngine, einvoiceScenarios, type Scenario } from '../testing/einvoice-scenarios'
import { GUIDELINE_IDS, XRECHNUNG_BUSINESS_PROCESS, type EInvoiceProfile } from './profiles'
import { unitCodeOf } from './unit-codes'

/** The text of every `<tag>` (attributes allowed), in document order. */
const all = (xml: string, tag: string): string[] =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]!)
const one = (xml: string, tag: string): string | undefined => all(xml, tag)[0]
const count = (xml: string, tag: string): number => xml.split(`<${tag}>`).length - 1

let scenarios: Scenario[]
const scenario = (name: string): EInvoiceInput => {
  const found = scenarios.find((candidate) => candidate.name === name)
  assert.ok(found, `no scenario ${name}`)
  return found.input
}
const write = (name: string, profile: EInvoiceProfile = 'BASIC') => writeCii(scenario(name), profile)

before(async () => {
  scenarios = await einvoiceScenarios()
})

describe('writeCii: document and profile', () => {
  it('writes the guideline id of each profile; only XRechnung names the business process', () => {
    for (const profile of ['BASIC', 'EN16931', 'XRECHNUNG'] as const) {
      const xml = writeCii(scenario('xrechnung'), profile)
      assert.equal(one(xml, 'ram:ID'), profile === 'XRECHNUNG' ? XRECHNUNG_BUSINESS_PROCESS : GUIDELINE_IDS[profile])
      assert.ok(xml.includes(`<ram:ID>${GUIDELINE_IDS[profile]}</ram:ID>`))
    }
  })

  it('types an invoice 380, a credit note 381 and a proforma 325; XRechnung refuses a proforma', () => {
    assert.equal(one(write('mixed-rates'), 'ram:TypeCode'), '380')
    assert.equal(one(write('cancellation-credit-note', 'EN16931'), 'ram:TypeCode'), '381')
    assert.equal(one(write('proforma'), 'ram:TypeCode'), '325')
    assert.equal(one(write('proforma', 'EN16931'), 'ram:TypeCode'), '325')
    assert.deepEqual(all(write('proforma'), 'ram:Content'), ['Diese Proforma-Rechnung ist keine Rechnung im Sinne des Umsatzsteuergesetzes und berechtigt nicht zum Vorsteuerabzug.'])
    assert.throws(() => write('proforma', 'XRECHNUNG'), failsWith('validation_failed', { field: 'invoiceType', rule: 'BR-DE-17' }))
  })

  it('writes a draft under its placeholder number', () => {
    const draft = scenario('draft')
    assert.match(draft.invoice.number, /^ENTWURF-/)
    assert.equal(all(write('draft'), 'ram:ID')[1], draft.invoice.number)
  })

  it('refuses an unknown profile', () => {
    assert.throws(() => writeCii(scenario('draft'), 'EXTENDED' as EInvoiceProfile), failsWith('validation_failed', { field: 'profile' }))
  })
})

describe('writeCii: lines, notes and amounts', () => {
  it('never writes the internal notes; header, TEXT lines, tax notice and footer (last) are notes', () => {
    const xml = write('mixed-rates', 'EN16931')
    assert.ok(!xml.includes('INTERN'), 'the internal notes leaked')
    assert.deepEqual(all(xml, 'ram:Content'), [
      'Vielen Dank für Ihren Auftrag.', 'Lieferung frei Haus', 'Muster Software GmbH · HRB 12345 · Geschäftsführer Max Muster',
    ])
    const notes = all(write('small-business'), 'ram:Content')
    assert.deepEqual(notes, ['Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (Kleinunternehmerregelung).', 'Vielen Dank!'])
  })

  it('makes line items of products, services and shipping only, and allowances of discounts', () => {
    const xml = write('mixed-rates')
    assert.equal(count(xml, 'ram:IncludedSupplyChainTradeLineItem'), 3)
    assert.deepEqual(all(xml, 'ram:Name').slice(0, 3), ['Beratung', 'Fachbuch „E-Rechnung“', 'Versand DHL'])
    assert.deepEqual(all(xml, 'ram:LineTotalAmount'), ['200.00', '100.00', '4.90', '304.90'])
    assert.deepEqual(all(xml, 'ram:BilledQuantity'), ['2', '3', '1'])
    assert.deepEqual(all(xml, 'ram:ActualAmount'), ['0.01', '20.00'], 'line discount, then the document discount')
    assert.deepEqual(all(xml, 'ram:Reason'), ['Rabatt', 'Treuerabatt'])
    assert.equal(one(xml, 'ram:AllowanceTotalAmount'), '20.00')
    assert.equal(one(xml, 'ram:TaxBasisTotalAmount'), scenario('mixed-rates').invoice.netTotal)
    assert.equal(one(xml, 'ram:GrandTotalAmount'), scenario('mixed-rates').invoice.grossTotal)
    assert.equal(one(xml, 'ram:TaxTotalAmount'), scenario('mixed-rates').invoice.taxTotal)
    assert.match(xml, /<ram:TaxTotalAmount currencyID="EUR">/)
  })

  it('writes percent discounts, advance payments and credits as allowances in their rate', () => {
    const xml = write('discount-percent-advance')
    assert.deepEqual(all(xml, 'ram:Reason'), ['Projektrabatt 10 %', 'Abschlagsrechnung RE-2026-00001', 'Gutschrift Ausfall'])
    assert.deepEqual(all(xml, 'ram:ActualAmount'), ['70.00', '100.00', '15.00'])
    assert.deepEqual(all(xml, 'ram:ReasonCode'), ['95'], 'only the discount has the reason code Discount')
  })

  it('writes a credit note with positive amounts, the reference to the cancelled invoice and a note naming it', () => {
    const { invoice, parentInvoice } = scenario('cancellation-credit-note')
    assert.ok(invoice.grossTotal.startsWith('-'), 'stored negative')
    const xml = write('cancellation-credit-note', 'EN16931')
    const numbers = [...all(xml, 'ram:[A-Za-z]*Amount'), ...all(xml, 'ram:BilledQuantity')]
    assert.ok(numbers.length > 10 && numbers.every((value) => !value.startsWith('-')), `negative value in ${numbers.join(' ')}`)
    assert.equal(one(xml, 'ram:GrandTotalAmount'), parentInvoice!.grossTotal)
    assert.equal(one(xml, 'ram:DuePayableAmount'), parentInvoice!.grossTotal)
    assert.equal(one(xml, 'ram:IssuerAssignedID'), parentInvoice!.number)
    assert.match(xml, /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>[^<]+<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20260316</)
    assert.equal(one(xml, 'ram:Content'), `Stornorechnung zur Rechnung ${parentInvoice!.number} vom 16.03.2026.`)
  })

  it('writes what was paid as prepaid and the rest as due', () => {
    const xml = write('partly-paid', 'EN16931')
    assert.equal(one(xml, 'ram:TotalPrepaidAmount'), '100.00')
    assert.equal(one(xml, 'ram:DuePayableAmount'), '227.03')
  })

  it('strips characters XML cannot carry', () => {
    const input = scenario('mixed-rates')
    const xml = writeCii({ ...input, invoice: { ...input.invoice, headerText: 'Hallo\u0001 Welt\uFFFF' } }, 'BASIC')
    assert.equal(one(xml, 'ram:Content'), 'Hallo Welt')
  })

  it('maps free-text units to UN/ECE codes', () => {
    const cases = { h: 'HUR', Std: 'HUR', Stk: 'C62', kg: 'KGM', pauschal: 'LS', 'm²': 'MTK', Tage: 'DAY', KGM: 'KGM', Fass: 'C62', '': 'C62' }
    for (const [unit, code] of Object.entries(cases)) assert.equal(unitCodeOf(unit), code, unit)
    assert.equal(unitCodeOf(null), 'C62')
  })
})

describe('writeCii: tax cases', () => {
  it('reverse charge: the notice in the document language, as note and exemption reason, with VATEX-EU-AE', () => {
    const xml = write('reverse-charge', 'EN16931')
    assert.deepEqual(all(xml, 'ram:Content'), ['Reverse charge: VAT is payable by the recipient (Art. 196 Council Directive 2006/112/EC).'])
    assert.match(xml, /<ram:SubjectCode>TXD<\/ram:SubjectCode>/)
    assert.equal(one(xml, 'ram:ExemptionReason'), 'Reverse charge: VAT is payable by the recipient (Art. 196 Council Directive 2006/112/EC).')
    assert.equal(one(xml, 'ram:ExemptionReasonCode'), 'VATEX-EU-AE')
    assert.deepEqual(all(xml, 'ram:ID'), [GUIDELINE_IDS.EN16931, scenario('reverse-charge').invoice.number, 'DE123456789', '30/123/45678', scenario('reverse-charge').customer.customerNumber, 'ATU12345678'])
  })

  it('intra-Community supply, export, exemption, small business: each with its reason text and code', () => {
    assert.deepEqual([one(write('intra-community'), 'ram:ExemptionReason'), one(write('intra-community'), 'ram:ExemptionReasonCode')],
      ['Steuerfreie innergemeinschaftliche Lieferung gemäß § 4 Nr. 1b i. V. m. § 6a UStG.', 'VATEX-EU-IC'])
    assert.deepEqual(all(write('intra-community'), 'ram:CountryID'), ['DE', 'FR', 'FR'], 'seller, buyer, deliver-to country (BR-IC-12)')
    assert.equal(one(write('third-country'), 'ram:ExemptionReasonCode'), 'VATEX-EU-G')
    assert.equal(one(write('other-exemption'), 'ram:ExemptionReason'), 'Steuerfrei nach § 4 Nr. 21 UStG (Bildungsleistung)', 'taxExemptionNote wins')
    const small = write('small-business')
    assert.equal(one(small, 'ram:ExemptionReason'), 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (Kleinunternehmerregelung).')
    assert.equal(one(small, 'ram:ExemptionReasonCode'), undefined)
    assert.ok(!small.includes('schemeID="VA"'))
    assert.match(small, /<ram:ID schemeID="FC">12\/345\/67890<\/ram:ID>/)
  })

  it('not subject to VAT: no VAT id of either party and no line rate, the tax number identifies the seller', () => {
    const xml = write('internal-supply', 'EN16931')
    assert.ok(!xml.includes('schemeID="VA"'), 'BR-O-02')
    assert.equal(one(xml, 'ram:ExemptionReasonCode'), 'VATEX-EU-O')
    assert.deepEqual(all(xml, 'ram:RateApplicablePercent'), ['0'], 'only the breakdown has a rate (BR-O-05, BR-DE-14)')
    assert.match(xml, /<ram:SellerTradeParty>\s*<ram:ID>30\/123\/45678<\/ram:ID>/)
  })

  it('OSS: the destination country\'s rate and a notice, no exemption reason', () => {
    const xml = write('oss')
    assert.deepEqual(all(xml, 'ram:RateApplicablePercent'), ['20', '20'])
    assert.deepEqual(all(xml, 'ram:Content'), ['Die Umsatzsteuer wird nach dem Steuersatz des Bestimmungslandes Österreich berechnet und über das One-Stop-Shop-Verfahren (OSS) erklärt.'])
    assert.equal(one(xml, 'ram:ExemptionReason'), undefined)
  })

  it('BASIC leaves out seller contact, item description and BIC; EN 16931 has them', () => {
    const basic = write('mixed-rates', 'BASIC')
    const comfort = write('mixed-rates', 'EN16931')
    for (const tag of ['ram:DefinedTradeContact', 'ram:BICID', 'ram:Description>Beratung', 'ram:Information']) {
      assert.ok(!basic.includes(`<${tag}`), `${tag} in BASIC`)
      assert.ok(comfort.includes(`<${tag}`), `${tag} missing in EN16931`)
    }
  })

  it('pays by SEPA transfer in euros, by bank transfer otherwise; the seller\'s account on invoices', () => {
    const meansOf = (xml: string) => /<ram:SpecifiedTradeSettlementPaymentMeans>\s*<ram:TypeCode>(\d+)</.exec(xml)?.[1]
    assert.equal(meansOf(write('mixed-rates')), '58')
    assert.equal(meansOf(write('shipping-address-usd')), '30')
    assert.equal(one(write('mixed-rates'), 'ram:IBANID'), 'DE89370400440532013000')
    assert.equal(one(write('mixed-rates'), 'ram:PaymentReference'), scenario('mixed-rates').invoice.number)
  })

  it('collects by SEPA direct debit when the customer has a mandate, as the printed invoice says', () => {
    const xml = write('direct-debit', 'EN16931')
    assert.match(xml, /<ram:SpecifiedTradeSettlementPaymentMeans>\s*<ram:TypeCode>59<\/ram:TypeCode>\s*<ram:Information>SEPA-Lastschrift<\/ram:Information>\s*<ram:PayerPartyDebtorFinancialAccount>\s*<ram:IBANID>DE02120300000000202051</)
    assert.equal(one(xml, 'ram:CreditorReferenceID'), 'DE98ZZZ09999999999')
    assert.equal(one(xml, 'ram:DirectDebitMandateID'), 'MANDAT-2026-7')
    assert.ok(!xml.includes('PayeePartyCreditorFinancialAccount'))
    assert.equal(all(xml, 'ram:Description').at(-1), 'Der Betrag wird am 30.03.2026 per SEPA-Lastschrift eingezogen.')
    assert.match(write('mixed-rates'), /<ram:DueDateDateTime>\s*<udt:DateTimeString format="102">20260330</)
  })
})

describe('writeCii: date of supply', () => {
  const deliveryDateOf = (xml: string) => /<ram:ActualDeliverySupplyChainEvent>\s*<ram:OccurrenceDateTime>\s*<udt:DateTimeString format="102">(\d{8})</.exec(xml)?.[1]
  const compact = (date: string) => date.replaceAll('-', '')

  it('gives a German invoice without a service period its invoice date as the date of supply (BT-72), as the print says', () => {
    const input = scenario('zero-rate')
    assert.equal(input.invoice.servicePeriodStart, null)
    assert.equal(input.invoice.invoiceDateIsServiceDate, false)
    for (const profile of ['BASIC', 'EN16931'] as const) assert.equal(deliveryDateOf(writeCii(input, profile)), compact(input.invoice.issueDate), profile)
  })

  it('writes the service period instead where there is one, and no date of supply for a proforma or an Austrian invoice that names none', () => {
    const period = write('mixed-rates')
    assert.equal(deliveryDateOf(period), undefined)
    assert.match(period, /<ram:BillingSpecifiedPeriod>/)
    assert.equal(deliveryDateOf(write('proforma')), undefined)
    const austrian = { ...scenario('zero-rate'), company: { ...scenario('zero-rate').company, country: 'AT', vatId: 'ATU12345678' } }
    assert.equal(deliveryDateOf(writeCii(austrian, 'BASIC')), undefined)
  })
})

describe('writeCii: refuses incomplete documents, naming the field', () => {
  const withInvoice = (name: string, changes: Partial<EInvoiceInput['invoice']>): EInvoiceInput =>
    ({ ...scenario(name), invoice: { ...scenario(name).invoice, ...changes } })
  const withCompany = (name: string, changes: Partial<EInvoiceInput['company']>): EInvoiceInput =>
    ({ ...scenario(name), company: { ...scenario(name).company, ...changes } })
  const withCustomer = (name: string, changes: Partial<EInvoiceInput['customer']>): EInvoiceInput =>
    ({ ...scenario(name), customer: { ...scenario(name).customer, ...changes } })

  it('XRechnung without a buyer reference, seller contact, IBAN or buyer address', () => {
    const cases: [EInvoiceInput, string][] = [
      [withInvoice('xrechnung', { buyerReference: null }), 'buyerReference'],
      [withCompany('xrechnung', { phone: null }), 'company.phone'],
      [withCompany('xrechnung', { email: '  ' }), 'company.email'],
      [withCompany('xrechnung', { iban: null }), 'company.iban'],
      [withCustomer('xrechnung', { city: null }), 'customer.city'],
      [withInvoice('xrechnung', { buyerReference: 'no Leitweg-ID' }), 'customer.email'],
    ]
    for (const [input, field] of cases) {
      assert.throws(() => writeCii(input, 'XRECHNUNG'), failsWith('validation_failed', { field, profile: 'XRECHNUNG' }), field)
      assert.doesNotThrow(() => writeCii(input, 'EN16931'), field)
    }
  })

  it('a VAT category without the ids or dates it needs', () => {
    const cases: [EInvoiceInput, string, string][] = [
      [withCustomer('reverse-charge', { vatId: null }), 'customer.vatId', 'BR-AE-02'],
      [withCompany('intra-community', { vatId: null }), 'company.vatId', 'BR-IC-02'],
      // A German invoice reads its date as the date of supply; an Austrian one names none unless told.
      [{ ...withInvoice('intra-community', { invoiceDateIsServiceDate: false }), company: { ...scenario('intra-community').company, country: 'AT', vatId: 'ATU12345678' } }, 'servicePeriodStart', 'BR-IC-11'],
      [withCompany('third-country', { vatId: null }), 'company.vatId', 'BR-G-02'],
      [withCompany('small-business', { taxNumber: null }), 'company.vatId', 'BR-CO-26'],
      [withCompany('internal-supply', { taxNumber: null }), 'company.taxNumber', 'BR-CO-26'],
      [withCustomer('mixed-rates', { vatId: 'XX123456' }), 'customer.vatId', 'BR-CO-09'],
    ]
    for (const [input, field, rule] of cases) {
      assert.throws(() => writeCii(input, 'BASIC'), failsWith('validation_failed', { field, rule }), `${field} ${rule}`)
    }
  })

  it('a document without any line item (BR-16)', async () => {
    const engine = await createEngine()
    const onlyText = await engine.document({}, { lines: [{ lineType: 'TEXT', description: 'Nur ein Hinweis' }] })
    assert.throws(() => writeCii(onlyText, 'BASIC'), failsWith('validation_failed', { field: 'lines', rule: 'BR-16' }))
  })

  it('a document whose amounts do not add up is a bug, not an input error', () => {
    const corrupt = withInvoice('mixed-rates', { grossTotal: '999.99' })
    assert.throws(() => writeCii(corrupt, 'BASIC'), (error: Error) => !(error instanceof InvoicingError) && /inconsistent amounts/.test(error.message))
  })
})
