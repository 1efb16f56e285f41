import { isValidBIC, isValidIBAN, isSEPACountry, electronicFormatIBAN } from 'ibantools'
import type { Company } from '../../companies'
import type { Customer, SepaMandateType } from '../../customers'
import type { Invoice } from '../../invoices'
import { balanceOf } from '../../payments'
import type { StorageReader } from '../../ports/storage'
import { kindOf } from '../../sales-documents'
import type { CalendarDate } from '../../shared/calendar-date'
import { Exact } from '../../tax'
import type { ExportFindings } from '../export-findings'
import { isValidCreditorId } from './creditor-id'
import { MANDATE_VALIDITY_MONTHS, mandateExpired, sequenceTypeOf, type SequenceType } from './mandates'
import type { SepaExportParameters } from './sepa-export-parameters'
import { isSepaBasicText, sepaBasicText, sepaText } from './sepa-text'


/** One collection of the file: an invoice's amount due from its customer's account under the customer's mandate. */
export interface SepaTransaction {
  invoice: Invoice
  customer: Customer
  endToEndId: string
  /** `amountDue`, two decimals. */
  amount: string
  iban: string
  bic: string | null
  mandateId: string
  mandateDate: CalendarDate
  localInstrument: SepaMandateType
  sequenceType: SequenceType
  remittanceInformation: string
}

/** The creditor's side of the file: the company's account and creditor id. */
export interface SepaCreditor {
  name: string
  iban: string
  bic: string | null
  creditorId: string
  street: string | null
  zipCode: string | null
  city: string | null
  country: string
}

/** Statuses in which an invoice is owed and not settled. */
const COLLECTABLE_STATUSES: readonly string[] = ['FINAL', 'SENT', 'OVERDUE']
const MAX_REMITTANCE_INFORMATION = 140

const normalized = (code: string | null): string | null => (code ? code.replace(/\s+/g, '').toUpperCase() : null)

/** The company as creditor, or null with its problems noted. */
export function creditorOf(company: Company, findings: ExportFindings): SepaCreditor | null {
  const creditorId = normalized(company.sepaCreditorId)
  const iban = company.iban ? electronicFormatIBAN(company.iban) ?? company.iban : null
  const bic = normalized(company.bic)
  if (!creditorId || !isValidCreditorId(creditorId)) {
    findings.problem('creditor_id_invalid', creditorId
      ? `The company's creditor id ${creditorId} has wrong check digits (ISO 7064 MOD 97-10 over national id, country and 00)`
      : 'The company has no SEPA creditor id (sepaCreditorId)', { field: 'company.sepaCreditorId' })
  }
  if (!iban) findings.problem('company_iban_missing', 'The company has no IBAN to collect into', { field: 'company.iban' })
  else if (!isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) findings.problem('iban_invalid', `The company's IBAN ${iban} is not a valid IBAN of a SEPA country`, { field: 'company.iban' })
  if (bic && !isValidBIC(bic)) findings.problem('bic_invalid', `The company's BIC ${bic} is not a valid BIC`, { field: 'company.bic' })
  if (findings.hasProblems || !creditorId || !iban) return null
  return { name: company.name, iban, bic, creditorId, street: company.street, zipCode: company.zipCode, city: company.city, country: company.country }
}

/** `remittanceInformation` with the invoice's values in place of its placeholders. */
export const expandedRemittance = (template: string, invoice: Invoice, customer: Customer): string =>
  template.replace(/\{(number|customerNumber|issueDate)\}/g, (_, name: string) =>
    name === 'number' ? invoice.number : name === 'customerNumber' ? customer.customerNumber : invoice.issueDate)

export interface TransactionOptions {
  parameters: SepaExportParameters
  useFirstSequenceType: boolean
  transliterate: boolean
}

/**
 * The transaction of one invoice, or null with every problem of the invoice and its customer
 * noted: the document (collectable kind, status, EUR, something due) and the customer's
 * account and mandate.
 */
export async function transactionOf(
  reader: StorageReader, invoice: Invoice, customer: Customer | undefined, findings: ExportFindings, options: TransactionOptions,
): Promise<SepaTransaction | null> {
  const { parameters: { collectionDate, remittanceInformation }, transliterate } = options
  const document = { id: invoice.id, number: invoice.number }
  const before = findings.problems.length + findings.omitted.problems
  if (!kindOf(invoice).directDebit) {
    // Its status, amounts and customer do not matter: it is never collected.
    findings.problem('not_collectable_type', `${invoice.number} is a ${invoice.documentType}; only invoices are collected`, { document, field: 'documentType' })
    return null
  }
  if (!COLLECTABLE_STATUSES.includes(invoice.status)) {
    findings.problem('invoice_status', `${invoice.number} is ${invoice.status}; only FINAL, SENT or OVERDUE invoices are collected`, { document, field: 'status' })
  }
  if (invoice.currency !== 'EUR') findings.problem('currency_not_eur', `${invoice.number} is in ${invoice.currency}; SEPA collects EUR only`, { document, field: 'currency' })
  const { amountDue } = balanceOf(invoice.grossTotal, await reader.payments.listByInvoice(invoice.companyId, invoice.id))
  if (new Exact(amountDue).lt('0.01')) findings.problem('nothing_due', `${invoice.number} has nothing due (amountDue ${amountDue})`, { document, field: 'amountDue' })
  if (!customer) return null

  const iban = customer.iban ? electronicFormatIBAN(customer.iban) ?? customer.iban : null
  if (!iban) findings.problem('iban_missing', `Customer ${customer.customerNumber} has no IBAN`, { document, field: 'customer.iban' })
  else if (!isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) {
    findings.problem('iban_invalid', `Customer ${customer.customerNumber}'s IBAN ${iban} is not a valid IBAN of a SEPA country`, { document, field: 'customer.iban' })
  }
  const bic = normalized(customer.bic)
  if (bic && !isValidBIC(bic)) findings.problem('bic_invalid', `Customer ${customer.customerNumber}'s BIC ${bic} is not a valid BIC`, { document, field: 'customer.bic' })
  const { sepaMandateId: mandateId, sepaMandateDate: mandateDate } = customer
  if (!mandateId || !mandateDate) {
    findings.problem('mandate_missing', `Customer ${customer.customerNumber} has no SEPA mandate (sepaMandateId and sepaMandateDate)`, { document, field: mandateId ? 'customer.sepaMandateDate' : 'customer.sepaMandateId' })
  } else if (!isSepaBasicText(mandateId) || mandateId.trim() !== mandateId) {
    findings.problem('mandate_invalid', `Customer ${customer.customerNumber}'s mandate id "${mandateId}" has characters outside the SEPA set`, { document, field: 'customer.sepaMandateId' })
  } else if (mandateDate > collectionDate) {
    findings.problem('mandate_invalid', `Customer ${customer.customerNumber}'s mandate is signed on ${mandateDate}, after the collection date ${collectionDate}`, { document, field: 'customer.sepaMandateDate' })
  } else if (mandateExpired(customer, collectionDate)) {
    findings.problem('mandate_expired', `Customer ${customer.customerNumber}'s mandate was not used for ${MANDATE_VALIDITY_MONTHS} months before ${collectionDate} (last ${customer.sepaMandateLastUsedAt ? 'used' : 'signed'} ${customer.sepaMandateLastUsedAt ?? mandateDate})`, { document, field: 'customer.sepaMandateLastUsedAt' })
  }
  const remittance = sepaText(expandedRemittance(remittanceInformation, invoice, customer), { transliterate, max: Number.POSITIVE_INFINITY })
  if (remittance.length > MAX_REMITTANCE_INFORMATION) {
    findings.problem('remittance_information_too_long', `The remittance information of ${invoice.number} has ${remittance.length} characters; at most ${MAX_REMITTANCE_INFORMATION}`, { document, field: 'remittanceInformation' })
  }
  if (findings.problems.length + findings.omitted.problems > before || !iban || !mandateId || !mandateDate) return null
  return {
    invoice, customer, iban, bic, mandateId, mandateDate,
    // The reference the bank reports back with the credit: the invoice number, in the SEPA set.
    endToEndId: sepaBasicText(invoice.number).slice(0, 35),
    amount: amountDue,
    localInstrument: customer.sepaMandateType,
    sequenceType: sequenceTypeOf(customer, options.useFirstSequenceType),
    remittanceInformation: remittance,
  }
}
