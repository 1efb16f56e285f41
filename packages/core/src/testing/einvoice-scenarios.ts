import { companyActor, type Actor } from '../access'
import type { Company, CompanyCreateInput } from '../companies'
import { createInvoicing } from '../create-invoicing'
import type { Customer, CustomerCreateInput } from '../customers'
import type { InvoiceCreateInput } from '../invoices'
import { createMemoryStorage } from '../memory-storage'
import { createManualClock } from './manual-clock'
import type { EInvoiceInput, EInvoiceProfile } from '../einvoice'

/**
 * Test support: documents of every tax case, made by the real engine in memory, to write as
 * e-invoices and hand to the official validators.
 */

export const SELLER: CompanyCreateInput = {
  name: 'Muster Software GmbH', street: 'Friedrichstraße 123', zipCode: '10117', city: 'Berlin', country: 'DE',
  email: 'rechnung@muster-software.de', phone: '+49 30 1234567', vatId: 'DE123456789', taxNumber: '30/123/45678',
  iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank', sepaCreditorId: 'DE98ZZZ09999999999',
}

export const BUYER: CustomerCreateInput = {
  name: 'Kunde & Partner AG', street: 'Königsallee 1', zipCode: '40212', city: 'Düsseldorf', country: 'DE', email: 'buchhaltung@kunde.de',
}

const CONSULTING = { description: 'Beratung\nAnalyse der Prozesse vor Ort', quantity: 2, unit: 'h', unitPrice: '100' }

export interface Scenario {
  name: string
  input: EInvoiceInput
  profiles: readonly EInvoiceProfile[]
}

/** One engine with one company and a helper that makes a document for a customer. */
export async function createEngine(company: Partial<CompanyCreateInput> = {}) {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const invoicing = createInvoicing({ storage: createMemoryStorage(), clock })
  const seller: Company = await invoicing.companies.create({ ...SELLER, ...company })
  const actor: Actor = companyActor(seller.id)
  async function document(customerInput: Partial<CustomerCreateInput>, input: Partial<InvoiceCreateInput> & Pick<InvoiceCreateInput, 'lines'>, status?: 'FINAL' | 'SENT') {
    const customer: Customer = await invoicing.customers.create(actor, { ...BUYER, ...customerInput })
    const created = await invoicing.invoices.create(actor, { customerId: customer.id, ...input })
    const invoice = status ? (await invoicing.invoices.update(actor, created.id, { status })).invoice : created
    return { invoice, company: seller, customer }
  }
  return { invoicing, actor, seller, document }
}

const FACTURX: readonly EInvoiceProfile[] = ['BASIC', 'EN16931']

/** Every tax case of the issue, each with the profiles it is written in. */
export async function einvoiceScenarios(): Promise<Scenario[]> {
  const engine = await createEngine()
  const { document } = engine
  const scenarios: Scenario[] = []
  const add = (name: string, input: EInvoiceInput, profiles = FACTURX) => scenarios.push({ name, input, profiles })

  const mixed = await document({}, {
    headerText: 'Vielen Dank für Ihren Auftrag.', footer: 'Muster Software GmbH · HRB 12345 · Geschäftsführer Max Muster',
    notes: 'INTERN: Kunde zahlt immer spät', orderNumber: 'PO-2026-0042', servicePeriodStart: '2026-02-01', servicePeriodEnd: '2026-02-28',
    lines: [
      CONSULTING,
      { description: 'Fachbuch „E-Rechnung“', quantity: 3, unit: 'Stk', unitPrice: '33.335', discount: 0.01, taxRate: 7 },
      { lineType: 'TEXT', description: 'Lieferung frei Haus' },
      { lineType: 'SUBTOTAL' },
      { lineType: 'SHIPPING', description: 'Versand DHL', unitPrice: '4.90' },
      { lineType: 'DISCOUNT_ABSOLUTE', description: 'Treuerabatt', unitPrice: '20', taxRate: 19 },
      { lineType: 'PAGEBREAK' },
    ],
  }, 'FINAL')
  add('mixed-rates', mixed)
  add('partly-paid', { ...mixed, paidAmount: '100.00' }, ['EN16931'])
  add('shipping-address-usd', await document({ buyerReference: 'Bestellung 4711/Einkauf' }, {
    currency: 'USD', documentLocale: 'en', useShippingAddress: true,
    shippingName: 'Lager Süd', shippingStreet: 'Industriestraße 7', shippingZipCode: '80331', shippingCity: 'München', shippingCountry: 'DE',
    lines: [{ description: 'Widget <XL> & "Co" 😀\n\n   second line', quantity: 12.5, unit: 'kg', unitPrice: '1.234567' }],
  }, 'FINAL'), ['BASIC', 'EN16931', 'XRECHNUNG'])
  add('direct-debit', await document({ buyerReference: '04011000-1234512345-06', iban: 'DE02120300000000202051', sepaMandateId: 'MANDAT-2026-7', sepaMandateDate: '2026-01-15' }, {
    lines: [CONSULTING],
  }, 'FINAL'), ['BASIC', 'EN16931', 'XRECHNUNG'])
  add('discount-percent-advance', await document({}, {
    lines: [
      CONSULTING,
      { description: 'Lizenz', quantity: 1, unitPrice: '499.99' },
      { lineType: 'DISCOUNT_PERCENT', description: 'Projektrabatt 10 %', unitPrice: '10' },
      { lineType: 'ADVANCE_PAYMENT', description: 'Abschlagsrechnung RE-2026-00001', unitPrice: '100' },
      { lineType: 'CREDIT', description: 'Gutschrift Ausfall', unitPrice: '15' },
    ],
  }, 'SENT'))
  add('reverse-charge', await document({ name: 'Wiener Handels GmbH', street: 'Ringstraße 5', zipCode: '1010', city: 'Wien', country: 'AT', vatId: 'ATU12345678' },
    { documentLocale: 'en', lines: [CONSULTING] }, 'FINAL'))
  add('zero-rate', await document({}, { lines: [CONSULTING, { description: 'Photovoltaikmodul', unitPrice: '250', taxRate: 0 }] }, 'FINAL'))
  add('third-country', await document({ name: 'Zürcher Bank AG', street: 'Bahnhofstrasse 1', zipCode: '8001', city: 'Zürich', country: 'CH' },
    { lines: [CONSULTING], invoiceDateIsServiceDate: true }, 'FINAL'))
  add('intra-community', await document({ name: 'Société Exemple SARL', street: '1 Rue de Rivoli', zipCode: '75001', city: 'Paris', country: 'FR', vatId: 'FR40303265045' },
    { taxExemptionReason: 'INTRA_COMMUNITY', invoiceDateIsServiceDate: true, lines: [{ description: 'Server', unitPrice: '1200', unit: 'Stk' }] }, 'FINAL'))
  add('other-exemption', await document({}, {
    taxExemptionReason: 'OTHER_EXEMPTION', taxExemptionNote: 'Steuerfrei nach § 4 Nr. 21 UStG (Bildungsleistung)', lines: [{ description: 'Seminar', unitPrice: '800' }],
  }, 'FINAL'))
  add('internal-supply', await document({ vatId: 'DE987654321' }, { taxExemptionReason: 'INTERNAL_SUPPLY', lines: [CONSULTING] }, 'FINAL'))
  add('proforma', await document({}, { invoiceType: 'PROFORMA', lines: [CONSULTING] }, 'FINAL'))
  add('draft', await document({}, { lines: [CONSULTING, { lineType: 'DISCOUNT_ABSOLUTE', description: 'Rabatt', unitPrice: '10' }] }))

  // Cancelling a sent invoice creates the cancellation credit note (381).
  const sent = await document({}, { lines: [CONSULTING, { description: 'Buch', unitPrice: '10.10', taxRate: 7 }, { lineType: 'DISCOUNT_ABSOLUTE', description: 'Rabatt', unitPrice: '5' }] }, 'SENT')
  const { cancellationCreditNote } = await engine.invoicing.invoices.update(engine.actor, sent.invoice.id, { status: 'CANCELLED' })
  add('cancellation-credit-note', { ...sent, invoice: cancellationCreditNote!, parentInvoice: sent.invoice })

  // Credit notes (381): part of an invoice with a percent discount, and a standalone commission paid out to the buyer's IBAN.
  const credited = await document({ iban: 'DE02120300000000202051' }, {
    lines: [CONSULTING, { description: 'Lizenz', unitPrice: '499.99' }, { lineType: 'DISCOUNT_PERCENT', description: 'Projektrabatt 10 %', unitPrice: '10' }],
  }, 'SENT')
  const [, licence, projectDiscount] = credited.invoice.lines
  const { creditNotes } = engine.invoicing
  const issue = async (id: string) => (await creditNotes.update(engine.actor, id, { status: 'FINAL' })).invoice
  const partial = await creditNotes.create(engine.actor, {
    parentInvoiceId: credited.invoice.id, reason: 'RETURN',
    partialLines: [{ lineId: licence!.id, quantity: 1 }, { lineId: projectDiscount!.id, quantity: 1 }],
  })
  add('partial-credit-note', { ...credited, invoice: await issue(partial.id), parentInvoice: credited.invoice })
  const commission = await creditNotes.create(engine.actor, {
    recipientId: credited.customer.id, reason: 'COMMISSION',
    lines: [{ description: 'Provision Q1', unitPrice: '250' }, { description: 'Fachbuch-Bonus', unitPrice: '40', taxRate: 7 }],
  })
  add('commission-credit-note', { ...credited, invoice: await issue(commission.id) })

  // XRechnung for a public buyer with a Leitweg-ID, and its cancellation.
  const publicBuyer = { name: 'Stadt Musterhausen – Bauamt', street: 'Rathausplatz 1', zipCode: '12345', city: 'Musterhausen', buyerReference: '04011000-12345-67', email: null }
  const xr = await document(publicBuyer, { orderNumber: 'B-2026-17', servicePeriodStart: '2026-03-01', servicePeriodEnd: '2026-03-15', lines: [CONSULTING, { lineType: 'DISCOUNT_ABSOLUTE', description: 'Rabatt', unitPrice: '10' }] }, 'SENT')
  add('xrechnung', xr, ['XRECHNUNG', 'EN16931'])
  const xrCancelled = await engine.invoicing.invoices.update(engine.actor, xr.invoice.id, { status: 'CANCELLED' })
  add('xrechnung-credit-note', { ...xr, invoice: xrCancelled.cancellationCreditNote!, parentInvoice: xr.invoice }, ['XRECHNUNG'])
  add('xrechnung-reverse-charge', await document({ ...publicBuyer, buyerReference: '991-01234-44', email: 'e-rechnung@example.at', country: 'AT', vatId: 'ATU87654321', zipCode: '1010', city: 'Wien' },
    { documentLocale: 'en', lines: [CONSULTING] }, 'FINAL'), ['XRECHNUNG'])

  // Companies of their own: OSS registration, and a small business without a VAT id.
  const oss = await createEngine({ ossRegistered: true })
  add('oss', await oss.document({ name: 'Maria Huber', street: 'Hauptplatz 3', zipCode: '8010', city: 'Graz', country: 'AT', email: null }, { lines: [CONSULTING] }, 'FINAL'))
  const small = await createEngine({ smallBusiness: true, vatId: null, taxNumber: '12/345/67890' })
  add('small-business', await small.document({}, { lines: [CONSULTING], footer: 'Vielen Dank!' }, 'FINAL'))
  return scenarios
}
