import type { LineType } from '../sales-documents'
import type { Locale } from '../shared/fields'

/** The fixed texts the e-invoice writes in the document language. */
interface EInvoiceTexts {
  itemName: (position: number) => string
  shipping: string
  deduction: Partial<Record<LineType, string>>
  percentDiscount: (percent: string) => string
  lineDiscount: string
  creditTransfer: string
  bankTransfer: string
  directDebit: string
  payableBy: (dueDate: string) => string
  collectedOn: (dueDate: string) => string
  proformaNotice: string
  cancellationOf: (number: string, date: string) => string
  creditNoteFor: (number: string, date: string) => string
}

const TEXTS: Readonly<Record<Locale, EInvoiceTexts>> = {
  de: {
    itemName: (position) => `Position ${position}`,
    shipping: 'Versandkosten',
    deduction: { DISCOUNT_ABSOLUTE: 'Rabatt', DISCOUNT_PERCENT: 'Rabatt', ADVANCE_PAYMENT: 'Abschlagszahlung', CREDIT: 'Gutschrift' },
    percentDiscount: (percent) => `Rabatt ${percent.replace('.', ',')} %`,
    lineDiscount: 'Rabatt',
    creditTransfer: 'SEPA-Überweisung',
    bankTransfer: 'Überweisung',
    directDebit: 'SEPA-Lastschrift',
    payableBy: (dueDate) => `Zahlbar ohne Abzug bis zum ${dueDate}.`,
    collectedOn: (dueDate) => `Der Betrag wird am ${dueDate} per SEPA-Lastschrift eingezogen.`,
    proformaNotice: 'Diese Proforma-Rechnung ist keine Rechnung im Sinne des Umsatzsteuergesetzes und berechtigt nicht zum Vorsteuerabzug.',
    cancellationOf: (number, date) => `Stornorechnung zur Rechnung ${number} vom ${date}.`,
    creditNoteFor: (number, date) => `Gutschrift zur Rechnung ${number} vom ${date}.`,
  },
  en: {
    itemName: (position) => `Item ${position}`,
    shipping: 'Shipping',
    deduction: { DISCOUNT_ABSOLUTE: 'Discount', DISCOUNT_PERCENT: 'Discount', ADVANCE_PAYMENT: 'Advance payment', CREDIT: 'Credit' },
    percentDiscount: (percent) => `Discount ${percent} %`,
    lineDiscount: 'Discount',
    creditTransfer: 'SEPA credit transfer',
    bankTransfer: 'Bank transfer',
    directDebit: 'SEPA direct debit',
    payableBy: (dueDate) => `Payable without deduction by ${dueDate}.`,
    collectedOn: (dueDate) => `The amount will be collected by SEPA direct debit on ${dueDate}.`,
    proformaNotice: 'This proforma invoice is not a VAT invoice and does not entitle to input tax deduction.',
    cancellationOf: (number, date) => `Cancellation of invoice ${number} dated ${date}.`,
    creditNoteFor: (number, date) => `Credit note for invoice ${number} dated ${date}.`,
  },
}

export const textsOf = (locale: Locale): EInvoiceTexts => TEXTS[locale]
