import { DATEV_REVENUE_ACCOUNTS, type EffectiveDatevSettings } from '../../companies'
import { DOCUMENT_KINDS } from '../../sales-documents'
import type { CalendarDate } from '../../shared/calendar-date'
import type { TaxCase } from '../../tax'
import type { ExportFindings, FindingSubject } from '../export-findings'
import type { InvoiceRecord, PaymentRecord } from '../export-sources'
import { taxGroupsOf, type TaxGroup } from '../tax-groups'
import { DATEV_COLUMN_COUNT, DATEV_FIELD, DATEV_QUOTED_FIELDS } from './datev-columns'
import { datevAmount, dayAndMonth, dayMonthYear, documentField1, fieldText, isNegative, quoted, type FieldText } from './datev-text'

/** One line of the file, and the day whose fiscal year it belongs to. */
export interface DatevBooking {
  date: CalendarDate
  line: string
}

/** A document left out because DATEV takes EUR only (`skipUnsupported`). */
export interface SkippedDocument {
  documentId: string
  documentNumber: string
  code: 'currency_not_supported'
  message: string
}

/** A field left empty as written: `""` for text columns, nothing for numeric ones. */
const emptyField = (field: number): string => (DATEV_QUOTED_FIELDS.has(field) ? '""' : '')

/**
 * The line of a booking whose fields `filled` (ascending) are given, the other fields empty: the
 * text between two filled fields is the same on every line, so it is built once and a line is
 * the values joined by it (300,000 bookings build no 125-field arrays).
 */
function lineTemplate(filled: readonly number[]): (values: readonly string[]) => string {
  const gaps: string[] = []
  let previous = 0
  for (const field of [...filled, DATEV_COLUMN_COUNT + 1]) {
    const between = Array.from({ length: field - previous - 1 }, (_, index) => emptyField(previous + index + 1))
    gaps.push(previous === 0 ? between.map((value) => `${value};`).join('') : [';', ...between.map((value) => `${value};`)].join(''))
    previous = field
  }
  // After the last filled field: `;` before each empty field, nothing after the last one.
  const tailFields = DATEV_COLUMN_COUNT - filled[filled.length - 1]!
  gaps[gaps.length - 1] = Array.from({ length: tailFields }, (_, index) => `;${emptyField(filled[filled.length - 1]! + index + 1)}`).join('')
  const quotedAt = filled.map((field) => DATEV_QUOTED_FIELDS.has(field))
  return (values) => {
    let line = gaps[0]!
    for (let index = 0; index < values.length; index += 1) {
      line += quotedAt[index] ? quoted(values[index]!) : values[index]!
      line += gaps[index + 1]!
    }
    return line
  }
}

const F = DATEV_FIELD
/** The fields of a document's booking, in this order. */
const documentLine = lineTemplate([
  F.amount, F.debitCredit, F.currency, F.account, F.contraAccount, F.buKey, F.documentDate, F.documentField1, F.postingText,
  F.euCountryAndVatId, F.euTaxRate, F.locked, F.serviceDate, F.dueDate,
])
/** The fields of a payment's booking, in this order. */
const paymentLine = lineTemplate([F.amount, F.debitCredit, F.currency, F.account, F.contraAccount, F.documentDate, F.documentField1, F.postingText, F.locked])

/** The cases whose Gegenbuchung names the customer's VAT id (field 40). */
const VAT_ID_CASES: ReadonlySet<TaxCase> = new Set(['INTRA_COMMUNITY', 'REVERSE_CHARGE_EU'])
const POSTING_TEXT_LENGTH = 60
/** Booking text of a payment: `Zahlung {number}`. */
const PAYMENT_TEXT = (number: string) => `Zahlung ${number}`

/** `19` → `19,00`: a tax rate as DATEV writes percentages. */
const percent = (rate: string): string => datevAmount(rate.includes('.') ? rate : `${rate}.00`)

/**
 * The bookings of documents and payments under one company's DATEV settings: one per tax group
 * of a document (9.4.4), one per payment. What cannot be booked is reported to `findings`
 * (every problem of the request, not only the first) and yields no booking.
 */
export class DatevBookings {
  readonly skipped: SkippedDocument[] = []
  private readonly skippedIds = new Set<string>()
  private readonly automaticAccounts: ReadonlySet<string>
  private readonly locked: string
  private readonly debtorAccount: RegExp
  /** Booking texts by name: a period's documents share few customers (bounded, cleared when full). */
  private readonly texts = new Map<string, FieldText>()

  constructor(
    private readonly settings: EffectiveDatevSettings,
    private readonly findings: ExportFindings,
    private readonly skipUnsupported: boolean,
  ) {
    this.automaticAccounts = new Set(Object.values(DATEV_REVENUE_ACCOUNTS[settings.chartOfAccounts]))
    this.locked = settings.lockBookings ? '1' : '0'
    this.debtorAccount = new RegExp(`^\\d{${settings.accountLength + 1}}$`)
  }

  /** The document's bookings, or none when it is skipped or has a problem. */
  ofDocument({ invoice, customer }: InvoiceRecord): DatevBooking[] {
    const subject: FindingSubject = { id: invoice.id, number: invoice.number }
    if (!this.inEuro(invoice.currency, subject, invoice.number)) return []
    const debtor = this.debtorAccountOf(customer?.ledgerAccount ?? null, subject)
    const groups = taxGroupsOf(invoice)
    const contraAccounts = groups.map((group) => this.revenueAccountOf(group.taxCase, subject))
    const euField = this.euCountryAndVatIdOf(invoice, groups, customer?.vatId ?? null, subject)
    if (debtor === null || contraAccounts.includes(null) || euField === null) return []

    const number = this.documentNumberOf(invoice.number, subject)
    const text = this.text(customer?.name ?? '', subject, 'Buchungstext')
    const serviceDate = dayMonthYear(invoice.servicePeriodEnd ?? invoice.issueDate)
    const dueDate = DOCUMENT_KINDS[invoice.documentType].settlement === 'payments' ? dayMonthYear(invoice.dueDate) : ''
    return groups.map((group, index) => {
      const contra = contraAccounts[index]!
      return {
        date: invoice.issueDate,
        line: documentLine([
          datevAmount(group.gross), isNegative(group.gross) ? 'H' : 'S', 'EUR', debtor, contra, this.buKeyOf(group.taxCase, contra, subject),
          dayAndMonth(invoice.issueDate), number, text, euFieldOf(group, euField), group.taxCase === 'OSS' ? percent(group.taxRate) : '',
          this.locked, serviceDate, dueDate,
        ]),
      }
    })
  }

  /** A payment: the bank account in debit, the debtor in credit, matched to the invoice by its number (9.4.5). */
  ofPayment({ payment, invoice, invoiceNumber }: PaymentRecord, customerLedgerAccount: string | null): DatevBooking | null {
    const subject: FindingSubject = { id: invoice.id, number: invoiceNumber }
    if (!this.inEuro(invoice.currency, subject, `A payment on ${invoiceNumber}`)) return null
    const debtor = this.debtorAccountOf(customerLedgerAccount, subject)
    if (debtor === null) return null
    return {
      date: payment.paymentDate,
      line: paymentLine([
        datevAmount(payment.amount), isNegative(payment.amount) ? 'H' : 'S', 'EUR', this.settings.bankAccount, debtor, dayAndMonth(payment.paymentDate),
        this.documentNumberOf(invoiceNumber, subject), this.text(PAYMENT_TEXT(invoiceNumber), subject, 'Buchungstext'), this.locked,
      ]),
    }
  }

  /** EUR, else skipped (`skipUnsupported`) or a problem. */
  private inEuro(currency: string, subject: FindingSubject, what: string): boolean {
    if (currency === 'EUR') return true
    const message = `${what} is in ${currency}; the DATEV export books EUR only`
    if (this.skipUnsupported) {
      if (!this.skippedIds.has(subject.id)) {
        this.skippedIds.add(subject.id)
        this.skipped.push({ documentId: subject.id, documentNumber: subject.number, code: 'currency_not_supported', message })
      }
    } else {
      this.findings.problem('currency_not_supported', `${message} (skipUnsupported leaves such documents out)`, { document: subject, field: 'currency' })
    }
    return false
  }

  /** The customer's personal account, else the default: one digit more than the general accounts. */
  private debtorAccountOf(ledgerAccount: string | null, subject: FindingSubject): string | null {
    const account = ledgerAccount ?? this.settings.defaultDebtorAccount
    const length = this.settings.accountLength + 1
    if (this.debtorAccount.test(account)) return account
    const field = ledgerAccount === null ? 'datev.defaultDebtorAccount' : 'customer.ledgerAccount'
    this.findings.problem('invalid_debtor_account', `Debtor account ${account} (${field}) must have ${length} digits (accountLength + 1)`, { document: subject, field })
    return null
  }

  private revenueAccountOf(taxCase: TaxCase, subject: FindingSubject): string | null {
    const account = this.settings.revenueAccounts[taxCase]
    if (account !== undefined) return account
    this.findings.problem('account_missing', `No revenue account for tax case ${taxCase}; set datev.revenueAccounts.${taxCase}`, { document: subject, field: `datev.revenueAccounts.${taxCase}` })
    return null
  }

  /** A BU key only on an account that is not automatic: DATEV rejects a tax key on an automatic account. */
  private buKeyOf(taxCase: TaxCase, account: string, subject: FindingSubject): string {
    const key = this.settings.buKeys[taxCase]
    if (key === undefined) return ''
    if (!this.automaticAccounts.has(account)) return key
    this.findings.warning('bu_key_ignored', `BU key ${key} of ${taxCase} is not written: ${account} is an automatic account, on which DATEV computes the tax itself`, { document: subject, field: `datev.buKeys.${taxCase}` })
    return ''
  }

  /**
   * Field 40 of the document: the customer's VAT id for intra-community supplies and EU reverse
   * charge (a problem without, except a warning for REVERSE_CHARGE_EU_NO_VAT); `''` when none
   * applies; null when the document cannot be booked.
   */
  private euCountryAndVatIdOf(invoice: InvoiceRecord['invoice'], groups: readonly TaxGroup[], vatId: string | null, subject: FindingSubject): string | null {
    const cases = new Set(groups.map((group) => group.taxCase))
    if (cases.has('OSS')) return invoice.ossCountry ?? invoice.deliveryCountry
    if (![...cases].some((taxCase) => VAT_ID_CASES.has(taxCase))) return ''
    if (vatId) return vatId.replace(/\s/g, '').toUpperCase()
    if (invoice.taxExemptionReason === 'REVERSE_CHARGE_EU_NO_VAT') {
      this.findings.warning('vat_id_missing', `The customer of ${invoice.number} has no VAT id (EU reverse charge without VAT id)`, { document: subject, field: 'customer.vatId' })
      return ''
    }
    this.findings.problem('vat_id_missing', `The customer of ${invoice.number} needs a VAT id for DATEV field 40 (EU-Land u. UStID)`, { document: subject, field: 'customer.vatId' })
    return null
  }

  private documentNumberOf(number: string, subject: FindingSubject): string {
    const { text, changed } = documentField1(number)
    if (changed) this.findings.warning('document_number_sanitized', `${number} is written as ${text} in Belegfeld 1 (DATEV takes A–Z, 0–9 and $&%*+-/_, at most 36 characters)`, { document: subject, field: 'Belegfeld 1' })
    return text
  }

  private text(value: string, subject: FindingSubject, field: string): string {
    let written = this.texts.get(value)
    if (!written) {
      if (this.texts.size >= 1000) this.texts.clear()
      written = fieldText(value, POSTING_TEXT_LENGTH)
      this.texts.set(value, written)
    }
    const { text, replaced, truncated } = written
    if (replaced) this.findings.warning('characters_replaced', `${field}: characters Windows-1252 cannot write were replaced by ?`, { document: subject, field })
    if (truncated) this.findings.warning('text_truncated', `${field}: cut to ${POSTING_TEXT_LENGTH} characters`, { document: subject, field })
    return text
  }
}

/** Field 40 of one group: the document's value for the groups it concerns. */
function euFieldOf(group: TaxGroup, documentValue: string): string {
  return group.taxCase === 'OSS' || VAT_ID_CASES.has(group.taxCase) ? documentValue : ''
}
