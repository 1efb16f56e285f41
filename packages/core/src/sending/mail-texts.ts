import type { Company, DocumentTexts, TextDocumentType } from '../companies'
import { formatDocumentDate, formatDocumentMoney, type PrintKind, type DocumentView, type InvoiceDocumentView } from '../print'
import { Exact } from '../tax'
import type { MailedDocument } from './document-mail'
import type { Locale } from '../shared/fields'

type MailText = Required<Pick<DocumentTexts, 'emailSubject' | 'emailBody'>>

const greeting: Record<Locale, { hello: string; regards: string }> = {
  de: { hello: 'Guten Tag,', regards: 'Mit freundlichen Grüßen' },
  en: { hello: 'Dear Sir or Madam,', regards: 'Kind regards' },
}

const sentence: Record<Locale, Record<PrintKind, string>> = {
  de: {
    INVOICE: 'anbei erhalten Sie unsere Rechnung {documentNumber} über {grossTotal}, zahlbar bis zum {dueDate}.',
    PROFORMA: 'anbei erhalten Sie unsere Proforma-Rechnung {documentNumber} über {grossTotal}.',
    CREDIT_NOTE: 'anbei erhalten Sie unsere Gutschrift {documentNumber} über {grossTotal}.',
    CANCELLATION: 'anbei erhalten Sie die Stornorechnung {documentNumber} zur Rechnung {parentNumber}.',
    QUOTE: 'anbei erhalten Sie unser Angebot {documentNumber} über {grossTotal}.',
    ORDER_CONFIRMATION: 'anbei erhalten Sie unsere Auftragsbestätigung {documentNumber}.',
    DELIVERY_NOTE: 'anbei erhalten Sie unseren Lieferschein {documentNumber}.',
  },
  en: {
    INVOICE: 'please find attached our invoice {documentNumber} for {grossTotal}, due on {dueDate}.',
    PROFORMA: 'please find attached our pro forma invoice {documentNumber} for {grossTotal}.',
    CREDIT_NOTE: 'please find attached our credit note {documentNumber} for {grossTotal}.',
    CANCELLATION: 'please find attached the cancellation {documentNumber} of invoice {parentNumber}.',
    QUOTE: 'please find attached our quote {documentNumber} for {grossTotal}.',
    ORDER_CONFIRMATION: 'please find attached our order confirmation {documentNumber}.',
    DELIVERY_NOTE: 'please find attached our delivery note {documentNumber}.',
  },
}

/** The built-in mail of a document: subject `Rechnung RE-1 – Firma GmbH`, a short letter. */
const builtIn = (locale: Locale, kind: PrintKind): MailText => ({
  emailSubject: '{documentReference} – {companyName}',
  emailBody: `${greeting[locale].hello}\n\n${sentence[locale][kind]}\n\n${greeting[locale].regards}\n{companyName}`,
})

/** Credit notes and cancellations use the company's CREDIT_NOTE texts. */
const TEXT_TYPE_OF_KIND: Record<PrintKind, TextDocumentType> = {
  INVOICE: 'INVOICE', PROFORMA: 'PROFORMA', CREDIT_NOTE: 'CREDIT_NOTE', CANCELLATION: 'CREDIT_NOTE',
  QUOTE: 'QUOTE', ORDER_CONFIRMATION: 'ORDER_CONFIRMATION', DELIVERY_NOTE: 'DELIVERY_NOTE',
}

/**
 * The values a subject or body may name as `{placeholder}`. Amounts are absolute: a sentence
 * about a credit note names what is credited, not a negative number.
 */
export function placeholdersOf(parts: MailedDocument, view: DocumentView): Record<string, string> {
  const { document } = parts
  return {
    documentNumber: document.number,
    documentTitle: view.title,
    documentReference: view.reference,
    customerName: parts.customer.name,
    companyName: parts.company.name,
    grossTotal: formatDocumentMoney(document.documentLocale, document.currency, new Exact(document.grossTotal).abs().toFixed(2)),
    // Only invoices and proformas fall due.
    dueDate: document.dueDate ? formatDocumentDate(document.documentLocale, document.dueDate) : '',
    parentNumber: parts.parentInvoice?.number ?? '',
  }
}

/** `{name}` replaced by its value; unknown names stay as written, so a typo shows instead of vanishing. */
export const fillPlaceholders = (template: string, values: Record<string, string>): string =>
  template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => values[name] ?? whole)

/** Subject and body of the mail that carries a document: the company's texts, else the built-in ones. */
export function mailTextOf(company: Company, view: InvoiceDocumentView, values: Record<string, string>): { subject: string; text: string } {
  const fallback = builtIn(view.locale, view.kind)
  const own = company.texts[view.locale]?.[TEXT_TYPE_OF_KIND[view.kind]]
  return {
    subject: fillPlaceholders(own?.emailSubject ?? fallback.emailSubject, values).replace(/\s+/g, ' ').trim(),
    text: fillPlaceholders(own?.emailBody ?? fallback.emailBody, values),
  }
}
