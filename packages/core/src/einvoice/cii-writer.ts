import { create } from 'xmlbuilder2'
import { InvoicingError } from '../errors'
import type { CalendarDate } from '../shared/calendar-date'
import type { Locale } from '../shared/fields'
import { documentModelOf, type AllowanceChargeModel, type DocumentModel, type ItemModel, type TaxModel } from './document-model'
import { formatDocumentDate } from '../print'
import { textsOf } from './einvoice-texts'
import type { EInvoiceInput } from './einvoice-input'
import { partiesOf, type AddressModel, type PartiesModel } from './parties'
import {
  EINVOICE_PROFILES, GUIDELINE_IDS, XRECHNUNG_BUSINESS_PROCESS, isComfortProfile, typeCodeOf, type EInvoiceProfile,
} from './profiles'
import { taxNoticeOf } from './tax-notices'
import { kindOf } from '../sales-documents'

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const
const XMLNS = 'http://www.w3.org/2000/xmlns/'

type Node = ReturnType<typeof create>
type QName = `${keyof typeof NS}:${string}`

/** Characters XML 1.0 does not allow, and lone surrogates. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

const clean = (text: string): string => text.replace(NOT_XML, '').trim()

/** Appends an element; with `text`, its content. */
function el(parent: Node, name: QName, text?: string, attributes: Record<string, string> = {}): Node {
  const node = parent.ele(NS[name.slice(0, name.indexOf(':')) as keyof typeof NS], name)
  for (const [key, value] of Object.entries(attributes)) node.att(key, value)
  if (text !== undefined) node.txt(clean(text))
  return node
}

/** Appends an element only when there is a value: EN 16931 forbids empty elements. */
function optional(parent: Node, name: QName, text: string | null | undefined, attributes?: Record<string, string>): void {
  if (text != null && clean(text) !== '') el(parent, name, text, attributes)
}

const compactDate = (date: CalendarDate): string => date.replaceAll('-', '')

function dateTime(parent: Node, name: QName, date: CalendarDate): void {
  el(el(parent, name), 'udt:DateTimeString', compactDate(date), { format: '102' })
}

/**
 * The CII XML (UN/CEFACT D16B, Factur-X 1.07.3 = ZUGFeRD 2.3.3 guideline ids) of a document.
 *
 * Pure: no I/O, the same input gives the same XML. Drafts are written with their placeholder
 * number; credit notes (381) carry positive amounts; `notes` are internal and never written.
 * Throws InvoicingError `validation_failed` (with `details.field` and `details.rule`) when the
 * document lacks what the profile or one of its VAT categories requires.
 */
export function writeCii(input: EInvoiceInput, profile: EInvoiceProfile): string {
  if (!EINVOICE_PROFILES.includes(profile)) {
    throw new InvoicingError('validation_failed', `profile: must be one of ${EINVOICE_PROFILES.join(', ')}`, { field: 'profile', allowedValues: [...EINVOICE_PROFILES] })
  }
  const { invoice } = input
  const typeCode = typeCodeOf(invoice, profile)
  const model = documentModelOf(invoice, input.company, input.paidAmount)
  if (model.items.length === 0) {
    throw new InvoicingError('validation_failed', 'lines: an e-invoice needs at least one product, service or shipping line (BR-16)', { field: 'lines', profile, rule: 'BR-16' })
  }
  const categories = new Set([...model.taxes, ...model.items, ...model.allowanceCharges].map((entry) => entry.category))
  const parties = partiesOf(input, profile, categories)

  const document = create({ version: '1.0', encoding: 'UTF-8' })
  const root = document.ele(NS.rsm, 'rsm:CrossIndustryInvoice')
  for (const prefix of ['qdt', 'ram', 'udt'] as const) root.att(XMLNS, `xmlns:${prefix}`, NS[prefix])

  const context = el(root, 'rsm:ExchangedDocumentContext')
  if (profile === 'XRECHNUNG') el(el(context, 'ram:BusinessProcessSpecifiedDocumentContextParameter'), 'ram:ID', XRECHNUNG_BUSINESS_PROCESS)
  el(el(context, 'ram:GuidelineSpecifiedDocumentContextParameter'), 'ram:ID', GUIDELINE_IDS[profile])

  const header = el(root, 'rsm:ExchangedDocument')
  el(header, 'ram:ID', invoice.number)
  el(header, 'ram:TypeCode', typeCode)
  dateTime(header, 'ram:IssueDateTime', invoice.issueDate)
  for (const note of notesOf(input, model)) {
    const included = el(header, 'ram:IncludedNote')
    el(included, 'ram:Content', note.content)
    el(included, 'ram:SubjectCode', note.subject)
  }

  const transaction = el(root, 'rsm:SupplyChainTradeTransaction')
  for (const item of model.items) writeItem(transaction, item, profile, invoice.documentLocale)
  writeAgreement(el(transaction, 'ram:ApplicableHeaderTradeAgreement'), parties, input)
  writeDelivery(el(transaction, 'ram:ApplicableHeaderTradeDelivery'), parties)
  writeSettlement(el(transaction, 'ram:ApplicableHeaderTradeSettlement'), model, parties, input)
  return document.end({ prettyPrint: true })
}

interface Note {
  content: string
  /** UNTDID 4451: AAI general information, TXD tax declaration. */
  subject: 'AAI' | 'TXD'
}

/**
 * BG-1: opening text, what a proforma is not, the invoice a credit note refers to, TEXT lines,
 * the VAT notice, closing text.
 */
function notesOf({ invoice, company, parentInvoice }: EInvoiceInput, model: DocumentModel): Note[] {
  const texts = textsOf(invoice.documentLocale)
  const notes: Note[] = []
  const add = (content: string | null | undefined, subject: Note['subject'] = 'AAI') => {
    if (content && clean(content)) notes.push({ content: clean(content), subject })
  }
  add(invoice.headerText)
  if (!kindOf(invoice).eInvoice?.taxInvoice) add(texts.proformaNotice)
  if (parentInvoice) {
    const date = formatDocumentDate(invoice.documentLocale, parentInvoice.issueDate)
    add(invoice.creditNoteReason === 'CANCELLATION'
      ? texts.cancellationOf(parentInvoice.number, date)
      : texts.creditNoteFor(parentInvoice.number, date))
  }
  for (const text of model.textNotes) add(text)
  add(taxNoticeOf(invoice, company), 'TXD')
  add(invoice.footer)
  return notes
}

/** The rate of a line, allowance or charge: none for "not subject to VAT" (BR-O-05, BR-O-06). */
const rateOf = (entry: { category: string; rate: string }): string | null => (entry.category === 'O' ? null : entry.rate)

function writeItem(transaction: Node, item: ItemModel, profile: EInvoiceProfile, locale: Locale): void {
  const line = el(transaction, 'ram:IncludedSupplyChainTradeLineItem')
  el(el(line, 'ram:AssociatedDocumentLineDocument'), 'ram:LineID', String(item.position))
  const product = el(line, 'ram:SpecifiedTradeProduct')
  el(product, 'ram:Name', item.name)
  if (isComfortProfile(profile)) optional(product, 'ram:Description', item.description)
  el(el(el(line, 'ram:SpecifiedLineTradeAgreement'), 'ram:NetPriceProductTradePrice'), 'ram:ChargeAmount', item.netPrice)
  el(el(line, 'ram:SpecifiedLineTradeDelivery'), 'ram:BilledQuantity', item.quantity, { unitCode: item.unitCode })
  const settlement = el(line, 'ram:SpecifiedLineTradeSettlement')
  const tax = el(settlement, 'ram:ApplicableTradeTax')
  el(tax, 'ram:TypeCode', 'VAT')
  el(tax, 'ram:CategoryCode', item.category)
  optional(tax, 'ram:RateApplicablePercent', rateOf(item))
  if (item.discount !== null) {
    const allowance = el(settlement, 'ram:SpecifiedTradeAllowanceCharge')
    el(el(allowance, 'ram:ChargeIndicator'), 'udt:Indicator', 'false')
    el(allowance, 'ram:ActualAmount', item.discount)
    el(allowance, 'ram:ReasonCode', '95')
    el(allowance, 'ram:Reason', textsOf(locale).lineDiscount)
  }
  el(el(settlement, 'ram:SpecifiedTradeSettlementLineMonetarySummation'), 'ram:LineTotalAmount', item.netAmount)
}

function writeAddress(party: Node, address: AddressModel): void {
  const postal = el(party, 'ram:PostalTradeAddress')
  optional(postal, 'ram:PostcodeCode', address.postcode)
  optional(postal, 'ram:LineOne', address.street)
  optional(postal, 'ram:CityName', address.city)
  el(postal, 'ram:CountryID', address.country)
}

function writeElectronicAddress(party: Node, address: PartiesModel['seller']['electronicAddress']): void {
  if (address) el(el(party, 'ram:URIUniversalCommunication'), 'ram:URIID', address.value, { schemeID: address.scheme })
}

function writeTaxRegistration(party: Node, id: string | null, scheme: 'VA' | 'FC'): void {
  if (id) el(el(party, 'ram:SpecifiedTaxRegistration'), 'ram:ID', id, { schemeID: scheme })
}

function writeAgreement(agreement: Node, { buyerReference, seller, buyer }: PartiesModel, { invoice }: EInvoiceInput): void {
  optional(agreement, 'ram:BuyerReference', buyerReference)

  const sellerParty = el(agreement, 'ram:SellerTradeParty')
  optional(sellerParty, 'ram:ID', seller.identifier)
  el(sellerParty, 'ram:Name', seller.name)
  if (seller.contact) {
    const contact = el(sellerParty, 'ram:DefinedTradeContact')
    el(contact, 'ram:PersonName', seller.contact.name)
    if (seller.contact.phone) el(el(contact, 'ram:TelephoneUniversalCommunication'), 'ram:CompleteNumber', seller.contact.phone)
    if (seller.contact.email) el(el(contact, 'ram:EmailURIUniversalCommunication'), 'ram:URIID', seller.contact.email)
  }
  writeAddress(sellerParty, seller.address)
  writeElectronicAddress(sellerParty, seller.electronicAddress)
  writeTaxRegistration(sellerParty, seller.vatId, 'VA')
  writeTaxRegistration(sellerParty, seller.taxNumber, 'FC')

  const buyerParty = el(agreement, 'ram:BuyerTradeParty')
  el(buyerParty, 'ram:ID', buyer.identifier)
  el(buyerParty, 'ram:Name', buyer.name)
  writeAddress(buyerParty, buyer.address)
  writeElectronicAddress(buyerParty, buyer.electronicAddress)
  writeTaxRegistration(buyerParty, buyer.vatId, 'VA')

  if (invoice.orderNumber?.trim()) el(el(agreement, 'ram:BuyerOrderReferencedDocument'), 'ram:IssuerAssignedID', invoice.orderNumber.trim())
}

function writeDelivery(delivery: Node, { shipTo, deliveryDate }: PartiesModel): void {
  if (shipTo) {
    const party = el(delivery, 'ram:ShipToTradeParty')
    optional(party, 'ram:Name', shipTo.name)
    writeAddress(party, shipTo.address)
  }
  if (deliveryDate) dateTime(el(delivery, 'ram:ActualDeliverySupplyChainEvent'), 'ram:OccurrenceDateTime', deliveryDate)
}

function writeTax(parent: Node, tax: TaxModel): void {
  const node = el(parent, 'ram:ApplicableTradeTax')
  el(node, 'ram:CalculatedAmount', tax.tax)
  el(node, 'ram:TypeCode', 'VAT')
  optional(node, 'ram:ExemptionReason', tax.exemption?.reason)
  el(node, 'ram:BasisAmount', tax.basis)
  el(node, 'ram:CategoryCode', tax.category)
  optional(node, 'ram:ExemptionReasonCode', tax.exemption?.code)
  // BR-DE-14 wants the rate in every breakdown, also for O (CEN leaves it open there).
  el(node, 'ram:RateApplicablePercent', tax.rate)
}

function writeAllowanceCharge(parent: Node, entry: AllowanceChargeModel): void {
  const node = el(parent, 'ram:SpecifiedTradeAllowanceCharge')
  el(el(node, 'ram:ChargeIndicator'), 'udt:Indicator', String(entry.charge))
  el(node, 'ram:ActualAmount', entry.amount)
  optional(node, 'ram:ReasonCode', entry.reasonCode)
  el(node, 'ram:Reason', entry.reason)
  const tax = el(node, 'ram:CategoryTradeTax')
  el(tax, 'ram:TypeCode', 'VAT')
  el(tax, 'ram:CategoryCode', entry.category)
  optional(tax, 'ram:RateApplicablePercent', rateOf(entry))
}

function writeSettlement(settlement: Node, model: DocumentModel, parties: PartiesModel, input: EInvoiceInput): void {
  const { invoice, parentInvoice } = input
  const texts = textsOf(invoice.documentLocale)
  const { paymentMeans } = parties
  const paidOut = kindOf(invoice).settlement === 'payout'
  const directDebit = paymentMeans?.directDebit ?? null
  if (directDebit) el(settlement, 'ram:CreditorReferenceID', directDebit.creditorId)
  // BT-83, the remittance information the seller's bank statement shows.
  if ((paymentMeans?.iban || directDebit) && !paidOut) el(settlement, 'ram:PaymentReference', invoice.number)
  el(settlement, 'ram:InvoiceCurrencyCode', invoice.currency)
  if (paymentMeans) {
    const means = el(settlement, 'ram:SpecifiedTradeSettlementPaymentMeans')
    el(means, 'ram:TypeCode', paymentMeans.typeCode)
    optional(means, 'ram:Information', paymentMeans.information)
    if (directDebit) el(el(means, 'ram:PayerPartyDebtorFinancialAccount'), 'ram:IBANID', directDebit.debtorIban)
    if (paymentMeans.iban) el(el(means, 'ram:PayeePartyCreditorFinancialAccount'), 'ram:IBANID', paymentMeans.iban)
    if (paymentMeans.bic) el(el(means, 'ram:PayeeSpecifiedCreditorFinancialInstitution'), 'ram:BICID', paymentMeans.bic)
  }
  for (const tax of model.taxes) writeTax(settlement, tax)
  if (invoice.servicePeriodStart || invoice.servicePeriodEnd) {
    const period = el(settlement, 'ram:BillingSpecifiedPeriod')
    if (invoice.servicePeriodStart) dateTime(period, 'ram:StartDateTime', invoice.servicePeriodStart)
    if (invoice.servicePeriodEnd) dateTime(period, 'ram:EndDateTime', invoice.servicePeriodEnd)
  }
  for (const entry of model.allowanceCharges) writeAllowanceCharge(settlement, entry)

  // BR-CO-25: a positive amount due needs a due date or payment terms; a credit note too.
  const terms = el(settlement, 'ram:SpecifiedTradePaymentTerms')
  const dueDate = formatDocumentDate(invoice.documentLocale, invoice.dueDate)
  if (!paidOut) el(terms, 'ram:Description', directDebit ? texts.collectedOn(dueDate) : texts.payableBy(dueDate))
  dateTime(terms, 'ram:DueDateDateTime', invoice.dueDate)
  if (directDebit) el(terms, 'ram:DirectDebitMandateID', directDebit.mandateId)

  const totals = el(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation')
  el(totals, 'ram:LineTotalAmount', model.totals.lineTotal)
  optional(totals, 'ram:ChargeTotalAmount', model.totals.chargeTotal)
  optional(totals, 'ram:AllowanceTotalAmount', model.totals.allowanceTotal)
  el(totals, 'ram:TaxBasisTotalAmount', model.totals.taxBasis)
  el(totals, 'ram:TaxTotalAmount', model.totals.taxTotal, { currencyID: invoice.currency })
  el(totals, 'ram:GrandTotalAmount', model.totals.grandTotal)
  optional(totals, 'ram:TotalPrepaidAmount', model.totals.prepaid)
  el(totals, 'ram:DuePayableAmount', model.totals.duePayable)

  if (parentInvoice) {
    const reference = el(settlement, 'ram:InvoiceReferencedDocument')
    el(reference, 'ram:IssuerAssignedID', parentInvoice.number)
    el(el(reference, 'ram:FormattedIssueDateTime'), 'qdt:DateTimeString', compactDate(parentInvoice.issueDate), { format: '102' })
  }
}
