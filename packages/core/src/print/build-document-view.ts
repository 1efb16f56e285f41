import type { Company } from '../companies'
import type { Customer } from '../customers'
import type { Invoice } from '../invoices'
import { type DocumentLine, isChargedLine, isLayoutLine, kindOf, supplyDateIsDocumentDate } from '../sales-documents'
import type { CalendarDate } from '../shared/calendar-date'
import type { Locale } from '../shared/fields'
import { Exact, isTaxed } from '../tax'
import { DOCUMENT_TEXTS, type PrintTexts } from './print-texts'
import { taxNotesOf } from './tax-notes'
import { PRINT_POLICIES, PRINTED_FIELDS, showsPrices, type PrintableDocument, type PrintPolicy } from './print-policies'
import type {
  PrintKind, DocumentView, InvoiceDocumentView, LabelledValue, LetterheadView, LineRowView, TotalsView,
} from './document-view'

/** The company fields a printed document shows. */
export type DocumentCompany = Pick<
  Company,
  'name' | 'street' | 'zipCode' | 'city' | 'country' | 'email' | 'phone' | 'website' | 'vatId' | 'taxNumber' | 'iban' | 'bic' | 'bankName' | 'sepaCreditorId'
>

/**
 * The customer fields a printed document shows. The detail read's `customer` has them all but
 * the payment ones; without `iban` and `sepaMandateId` no direct debit or payout account is named.
 */
export type DocumentCustomer = Pick<Customer, 'customerNumber' | 'name' | 'street' | 'zipCode' | 'city' | 'country' | 'vatId'>
  & Partial<Pick<Customer, 'iban' | 'sepaMandateId'>>

export interface DocumentViewInput {
  /** An document, proforma or credit note, a quote, order confirmation or delivery note. */
  document: PrintableDocument
  company: DocumentCompany
  customer: DocumentCustomer
  /** The invoice a credit note refers to (`parentInvoiceId`): a cancellation names its number and date. */
  parentInvoice?: Pick<Invoice, 'number' | 'issueDate'> | null
}

/**
 * The print-ready view of a document (see {@link DocumentView}). Pure: the same input gives the
 * same view. Amounts are formatted from their exact decimal strings by `Intl` (which formats
 * decimal strings exactly), never through floating point.
 *
 * Signs: amounts are shown as stored. A credit note or cancellation stores negative quantities
 * and amounts, so it prints them negative, line by line and in its totals: the mirror image of
 * the invoice it corrects, and what an accountant books. Sentences that name an amount
 * ("we will credit you with …") use its absolute value.
 *
 * What differs between kinds (dates in the information block, prices, payment wording) is read
 * from the kind's print policy, never from its type.
 *
 * Internal `notes` of the document and the customer never reach the view.
 */
export function buildDocumentView(input: DocumentViewInput): InvoiceDocumentView {
  const { document, company, customer } = input
  const parent = input.parentInvoice ?? null
  const texts = DOCUMENT_TEXTS[document.documentLocale]
  const format = formatterFor(texts.languageTag, document.currency)
  const kind = kindOf(document).printKind(document)
  const policy = PRINT_POLICIES[kind]
  const prices = showsPrices(policy, document)
  const abroad = customer.country !== company.country
  const number = document.numberIssued ? document.number : texts.draftNumber
  const title = clean(document.customTitle ?? '') || texts.titles[kind]
  const reference = `${texts.titles[kind]} ${number}`
  const taxed = isTaxed(document)

  return {
    locale: document.documentLocale,
    languageTag: texts.languageTag,
    kind,
    watermark: document.numberIssued ? null : texts.watermark,
    letterhead: document.pdfWithoutLetterhead ? null : letterheadOf(company, texts, abroad ? format.country(company.country) : null),
    senderLine: [company.name, company.street, joined(company.zipCode, company.city), abroad ? format.country(company.country) : null]
      .map((part) => clean(part ?? '').replace(/\n/g, ' '))
      .filter(Boolean)
      .join(' · '),
    recipient: recipientOf(document, customer, company, format),
    title,
    subtitle: parent && policy.namesParentInvoice ? texts.refersTo(parent.number, format.date(parent.issueDate)) : null,
    reference,
    meta: metaOf(document, customer, company, kind, policy, number, texts, format),
    headerText: clean(document.headerText ?? '') || null,
    table: {
      columns: texts.columns,
      showPrices: prices,
      showDiscount: prices && document.lines.some((line) => hasAmount(line) && !new Exact(line.discount).isZero()),
      showTaxRate: prices && taxed,
      rows: prices ? rowsOf(document.lines, texts, format) : unpricedRowsOf(document.lines, format),
    },
    totals: prices ? totalsOf(document, kind, taxed, texts, format) : null,
    legalNotes: legalNotesOf(document, company, kind, taxed, parent, texts, format),
    paymentTerms: paymentTermsOf(document, company, customer, policy, number, texts, format),
    footerText: clean(document.footer ?? '') || null,
    pageNumberTemplate: texts.page,
    properties: {
      title: reference,
      author: clean(company.name),
      subject: texts.subject(reference, clean(customer.name).replace(/\n/g, ' ')),
      keywords: [texts.titles[kind], number],
    },
  }
}


const hasAmount = (line: DocumentLine): boolean => !isLayoutLine(line.lineType)

function rowsOf(lines: readonly DocumentLine[], texts: PrintTexts, format: Formatter): LineRowView[] {
  let position = 0
  let running = new Exact(0)
  return lines.map((line): LineRowView => {
    switch (line.lineType) {
      case 'TEXT':
        return { kind: 'text', text: clean(line.description ?? '') }
      case 'SUBTOTAL':
        return { kind: 'subtotal', label: clean(line.description ?? '') || texts.subtotal, amount: format.money(running.toFixed(2)) }
      case 'PAGEBREAK':
        return { kind: 'pagebreak' }
      default: {
        position += 1
        running = running.plus(line.netAmount)
        const percentage = line.lineType === 'DISCOUNT_PERCENT'
        return {
          kind: 'item',
          position: String(position),
          description: clean(line.description ?? ''),
          quantity: percentage ? '' : format.quantity(line.quantity),
          unit: percentage ? '' : clean(line.unit ?? '').replace(/\n/g, ' '),
          unitPrice: percentage ? format.percent(line.unitPrice) : format.unitPrice(line.unitPrice),
          discount: new Exact(line.discount).isZero() ? '' : format.money(line.discount),
          taxRate: format.percent(line.taxRate),
          amount: format.money(line.netAmount),
        }
      }
    }
  })
}

/**
 * The rows of a document printed without prices (a packing list): what was supplied, with
 * quantity and unit. Lines that only change the amount (discounts, credits, advance
 * payments) and subtotals have nothing to show without prices and are left out.
 */
function unpricedRowsOf(lines: readonly DocumentLine[], format: Formatter): LineRowView[] {
  let position = 0
  return lines.flatMap((line): LineRowView[] => {
    if (line.lineType === 'TEXT') return [{ kind: 'text', text: clean(line.description ?? '') }]
    if (line.lineType === 'PAGEBREAK') return [{ kind: 'pagebreak' }]
    if (!isChargedLine(line.lineType)) return []
    position += 1
    return [{
      kind: 'item',
      position: String(position),
      description: clean(line.description ?? ''),
      quantity: format.quantity(line.quantity),
      unit: clean(line.unit ?? '').replace(/\n/g, ' '),
      unitPrice: '', discount: '', taxRate: '', amount: '',
    }]
  })
}

function totalsOf(document: PrintableDocument, kind: PrintKind, taxed: boolean, texts: PrintTexts, format: Formatter): TotalsView {
  const taxBreakdown = document.taxBreakdown.map((entry) => ({
    category: entry.taxCategory,
    rate: format.percent(entry.taxRate),
    net: format.money(entry.netAmount),
    tax: format.money(entry.taxAmount),
  }))
  return {
    lines: taxed
      ? [
          { label: texts.netTotal, amount: format.money(document.netTotal) },
          ...taxBreakdown.map((entry) => ({ label: texts.taxLine(entry.rate, entry.net), amount: entry.tax })),
        ]
      : [],
    grand: { label: texts.grandTotal[kind], amount: format.money(document.grossTotal) },
    taxBreakdown,
  }
}

function metaOf(
  document: PrintableDocument, customer: DocumentCustomer, company: DocumentCompany, kind: PrintKind, policy: PrintPolicy, number: string,
  texts: PrintTexts, format: Formatter,
): LabelledValue[] {
  const rows: (LabelledValue | null)[] = [
    { label: texts.numberLabel[kind], value: number },
    { label: texts.dateLabel[kind], value: format.date(document.issueDate) },
    serviceRow(document, company, kind, texts, format),
    { label: texts.customerNumber, value: customer.customerNumber },
    document.orderNumber ? { label: texts.orderNumber, value: document.orderNumber } : null,
    document.buyerReference ? { label: texts.buyerReference, value: document.buyerReference } : null,
    customer.vatId ? { label: texts.customerVatId, value: customer.vatId } : null,
    ...policy.fields.map((field) => {
      const value = document[field]
      if (!value) return null
      return { label: texts.fieldLabels[field], value: PRINTED_FIELDS[field] === 'date' ? format.date(value) : value }
    }),
  ]
  return rows.filter((row) => row !== null).map((row) => ({ label: row.label, value: clean(row.value).replace(/\n/g, ' ') }))
}

function serviceRow(document: PrintableDocument, company: DocumentCompany, kind: PrintKind, texts: PrintTexts, format: Formatter): LabelledValue | null {
  const start = document.servicePeriodStart
  const end = document.servicePeriodEnd
  if (start && end && start !== end) return { label: texts.servicePeriod, value: `${format.date(start)} – ${format.date(end)}` }
  const day = start ?? end
  if (day) return { label: texts.serviceDate, value: format.date(day) }
  if (supplyDateIsDocumentDate(document, company.country)) return { label: texts.serviceDate, value: texts.serviceDateIsDocumentDate[kind] }
  return null
}

function legalNotesOf(
  document: PrintableDocument, company: DocumentCompany, kind: PrintKind, taxed: boolean,
  parent: DocumentViewInput['parentInvoice'], texts: PrintTexts, format: Formatter,
): string[] {
  const notes: (string | null)[] = []
  if (kind === 'PROFORMA') notes.push(texts.proforma)
  if (kind === 'CANCELLATION' && parent) notes.push(texts.cancellation(parent.number, format.date(parent.issueDate)))
  notes.push(...taxNotesOf(document, company).map(clean))
  return notes.filter((note) => note !== null)
}

function paymentTermsOf(
  document: PrintableDocument, company: DocumentCompany, customer: DocumentCustomer, policy: PrintPolicy, number: string,
  texts: PrintTexts, format: Formatter,
): string[] {
  const amount = format.money(new Exact(document.grossTotal).abs().toFixed(2))
  const payment = policy.payment
  if (payment === null) return []
  if (payment === 'cancellation') return [texts.cancellationSettled]
  if (payment === 'payout') return [texts.creditPayout(amount, customer.iban ? maskedIban(customer.iban) : null)]
  if (!new Exact(document.grossTotal).gt(0)) return []
  const dueDate = document.dueDate ?? document.issueDate
  const due = dueDate > document.issueDate ? format.date(dueDate) : null
  if (payment === 'invoice' && customer.sepaMandateId && customer.iban && company.sepaCreditorId) {
    return [texts.directDebit(amount, format.date(dueDate), maskedIban(customer.iban), customer.sepaMandateId, company.sepaCreditorId)]
  }
  if (!company.iban) return [texts.payNoBank(amount, due)]
  const bank = [`${texts.iban} ${groupedIban(company.iban)}`, company.bic ? `${texts.bic} ${company.bic}` : null, company.bankName ? clean(company.bankName) : null]
    .filter((part) => part !== null)
  return [
    payment === 'proforma' ? texts.payProforma(amount, due, number) : texts.payByTransfer(amount, due, number),
    texts.bankDetails(bank),
  ]
}

function letterheadOf(company: DocumentCompany, texts: PrintTexts, country: string | null): LetterheadView {
  const labelled = (label: string, value: string | null) => (value ? `${label} ${clean(value)}` : null)
  const present = (parts: (string | null)[]) => parts.map((part) => (part === null ? '' : clean(part))).filter(Boolean)
  return {
    companyName: clean(company.name),
    address: present([company.street, joined(company.zipCode, company.city), country]),
    contact: present([labelled(texts.phone, company.phone), labelled(texts.email, company.email), labelled(texts.web, company.website)]),
    taxIds: present([labelled(texts.vatId, company.vatId), labelled(texts.taxNumber, company.taxNumber)]),
    bank: present([company.bankName, company.iban ? `${texts.iban} ${groupedIban(company.iban)}` : null, labelled(texts.bic, company.bic)]),
  }
}

function recipientOf(document: PrintableDocument, customer: DocumentCustomer, company: DocumentCompany, format: Formatter): string[] {
  const shipping = document.useShippingAddress
  const hasShippingAddress = shipping && [document.shippingStreet, document.shippingZipCode, document.shippingCity].some(Boolean)
  const name = (shipping ? document.shippingName : null) ?? customer.name
  const street = hasShippingAddress ? document.shippingStreet : customer.street
  const place = hasShippingAddress ? joined(document.shippingZipCode, document.shippingCity) : joined(customer.zipCode, customer.city)
  const country = (shipping ? document.shippingCountry : null) ?? customer.country
  return [
    ...clean(name).split('\n'),
    ...clean(street ?? '').split('\n'),
    clean(place ?? ''),
    // DIN 5008: the country of a foreign address in capitals on the last line.
    country !== company.country ? format.country(country).toLocaleUpperCase(format.languageTag) : '',
  ].map((line) => line.trim()).filter(Boolean)
}

const joined = (zipCode: string | null, city: string | null): string | null => [zipCode, city].filter(Boolean).join(' ') || null

/** `DE89 3704 0044 0532 0130 00`. */
const groupedIban = (iban: string): string => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ')

/** A customer's IBAN as printed on a document: country, check digits and the last four. */
const maskedIban = (iban: string): string => {
  const compact = iban.replace(/\s+/g, '')
  return `${compact.slice(0, 4)} …${compact.slice(-4)}`
}

/**
 * Text as a renderer may print it: NFC (so `ř` is one glyph, not r + combining caron), `\n`
 * for line breaks, tabs as spaces, no other control characters, no trailing blanks.
 */
function clean(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B\uFEFF]/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()
}

interface Formatter {
  languageTag: string
  money(decimal: string): string
  unitPrice(decimal: string): string
  quantity(decimal: string): string
  percent(decimal: string): string
  date(date: CalendarDate): string
  country(code: string): string
}

const formatters = new Map<string, Formatter>()

/** Intl formatters per language and currency, made once: constructing them costs more than formatting. */
function formatterFor(languageTag: string, currency: string): Formatter {
  const key = `${languageTag}|${currency}`
  const known = formatters.get(key)
  if (known) return known
  const moneyFormat = new Intl.NumberFormat(languageTag, { style: 'currency', currency })
  const minorDigits = moneyFormat.resolvedOptions().minimumFractionDigits ?? 2
  const unitPriceFormat = new Intl.NumberFormat(languageTag, { style: 'currency', currency, minimumFractionDigits: minorDigits, maximumFractionDigits: Math.max(6, minorDigits) })
  const quantityFormat = new Intl.NumberFormat(languageTag, { maximumFractionDigits: 6 })
  const percentFormat = new Intl.NumberFormat(languageTag, { style: 'percent', maximumFractionDigits: 4 })
  const dateFormat = new Intl.DateTimeFormat(languageTag, languageTag.startsWith('de')
    ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }
    : { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  const regions = new Intl.DisplayNames([languageTag], { type: 'region', fallback: 'code' })
  // Intl.NumberFormat formats a decimal string exactly (no detour through a double). A zero
  // is passed unsigned so "-0.00" does not print as "-0,00 €".
  const exact = (decimal: string) => (new Exact(decimal).isZero() ? '0' : new Exact(decimal).toFixed()) as Intl.StringNumericLiteral
  const formatter: Formatter = {
    languageTag,
    money: (decimal) => moneyFormat.format(exact(decimal)),
    unitPrice: (decimal) => unitPriceFormat.format(exact(decimal)),
    quantity: (decimal) => quantityFormat.format(exact(decimal)),
    percent: (decimal) => percentFormat.format(new Exact(decimal).div(100).toFixed() as Intl.StringNumericLiteral),
    date: (date) => dateFormat.format(new Date(`${date}T00:00:00Z`)),
    country: (code) => regions.of(code) ?? code,
  }
  formatters.set(key, formatter)
  return formatter
}

/** A calendar date as documents in `locale` print it (`31.12.2026`, `31 December 2026`). */
export const formatDocumentDate = (locale: Locale, date: CalendarDate): string =>
  formatterFor(DOCUMENT_TEXTS[locale].languageTag, 'EUR').date(date)

/** A percent as documents in `locale` print it (`9,12 %`, `9.12%`). */
export const formatDocumentPercent = (locale: Locale, percent: string): string =>
  formatterFor(DOCUMENT_TEXTS[locale].languageTag, 'EUR').percent(percent)

/** An amount as documents in `locale` print it (`1.234,56 €`, `€1,234.56`). */
export const formatDocumentMoney = (locale: Locale, currency: string, amount: string): string =>
  formatterFor(DOCUMENT_TEXTS[locale].languageTag, currency).money(amount)
