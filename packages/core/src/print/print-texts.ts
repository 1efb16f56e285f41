import type { Locale } from '../shared/fields'
import type { TaxExemptionReason } from '../tax'
import type { PrintKind, LineTableColumns } from './document-view'
import type { PrintedField } from './print-policies'

/**
 * The built-in texts of printed documents, per language. Functions take values that are
 * already formatted. Legal wording follows the German UStG and the EU VAT directive
 * (2006/112/EC), which German and Austrian tax offices accept on invoices in English too.
 */
export interface PrintTexts {
  /** BCP 47 tag for Intl. */
  languageTag: string
  titles: Record<PrintKind, string>
  /** Label of the document number in the information block. */
  numberLabel: Record<PrintKind, string>
  /** Label of the issue date in the information block. */
  dateLabel: Record<PrintKind, string>
  draftNumber: string
  watermark: string
  /** Labels of the document's own dates and references in the information block. */
  fieldLabels: Record<PrintedField, string>
  servicePeriod: string
  serviceDate: string
  /** The value of the service date row when the document date is the service date, by kind. */
  serviceDateIsDocumentDate: Record<PrintKind, string>
  customerNumber: string
  orderNumber: string
  buyerReference: string
  customerVatId: string
  /** Subtitle naming the invoice a credit note or cancellation refers to. */
  refersTo: (number: string, date: string) => string
  columns: LineTableColumns
  subtotal: string
  netTotal: string
  taxLine: (rate: string, net: string) => string
  grandTotal: Record<PrintKind, string>
  phone: string
  email: string
  web: string
  vatId: string
  taxNumber: string
  iban: string
  bic: string
  /** Notes for untaxed documents by reason; `AT` variants where Austrian law words it differently. */
  exemption: Record<Exclude<TaxExemptionReason, 'NONE'>, string>
  exemptionAT: Partial<Record<Exclude<TaxExemptionReason, 'NONE'>, string>>
  /** Reverse charge without a specific reason. */
  reverseCharge: string
  oss: (country: string) => string
  proforma: string
  cancellation: (number: string, date: string) => string
  payByTransfer: (amount: string, due: string | null, reference: string) => string
  payNoBank: (amount: string, due: string | null) => string
  payProforma: (amount: string, due: string | null, reference: string) => string
  directDebit: (amount: string, due: string, iban: string, mandate: string, creditorId: string) => string
  bankDetails: (parts: string[]) => string
  creditPayout: (amount: string, iban: string | null) => string
  cancellationSettled: string
  page: string
  /** `Rechnung RE-1 an Kunde AG`. */
  subject: (reference: string, customer: string) => string
}

const de: PrintTexts = {
  languageTag: 'de-DE',
  titles: {
    INVOICE: 'Rechnung', CREDIT_NOTE: 'Gutschrift', CANCELLATION: 'Stornorechnung', PROFORMA: 'Proforma-Rechnung',
    QUOTE: 'Angebot', ORDER_CONFIRMATION: 'Auftragsbestätigung', DELIVERY_NOTE: 'Lieferschein',
  },
  numberLabel: {
    INVOICE: 'Rechnungsnr.', CREDIT_NOTE: 'Gutschriftsnr.', CANCELLATION: 'Stornorechnungsnr.', PROFORMA: 'Proforma-Nr.',
    QUOTE: 'Angebotsnr.', ORDER_CONFIRMATION: 'Auftragsnr.', DELIVERY_NOTE: 'Lieferscheinnr.',
  },
  dateLabel: { INVOICE: 'Rechnungsdatum', CREDIT_NOTE: 'Datum', CANCELLATION: 'Datum', PROFORMA: 'Datum', QUOTE: 'Datum', ORDER_CONFIRMATION: 'Datum', DELIVERY_NOTE: 'Datum' },
  draftNumber: 'Entwurf',
  watermark: 'ENTWURF',
  fieldLabels: { dueDate: 'Fällig am', validUntil: 'Gültig bis', deliveryDate: 'Lieferdatum', trackingReference: 'Sendungsnummer' },
  servicePeriod: 'Leistungszeitraum',
  serviceDate: 'Leistungsdatum',
  serviceDateIsDocumentDate: {
    INVOICE: 'entspricht Rechnungsdatum', PROFORMA: 'entspricht Rechnungsdatum',
    CREDIT_NOTE: 'entspricht Belegdatum', CANCELLATION: 'entspricht Belegdatum',
    QUOTE: 'entspricht Belegdatum', ORDER_CONFIRMATION: 'entspricht Belegdatum', DELIVERY_NOTE: 'entspricht Belegdatum',
  },
  customerNumber: 'Kundennr.',
  orderNumber: 'Bestellnr.',
  buyerReference: 'Ihre Referenz',
  customerVatId: 'Ihre USt-IdNr.',
  refersTo: (number, date) => `zur Rechnung Nr. ${number} vom ${date}`,
  columns: {
    position: 'Pos.', description: 'Beschreibung', quantity: 'Menge', unit: 'Einheit', unitPrice: 'Einzelpreis',
    discount: 'Rabatt', taxRate: 'USt.', amount: 'Betrag',
  },
  subtotal: 'Zwischensumme',
  netTotal: 'Nettobetrag',
  taxLine: (rate, net) => `zzgl. ${rate} USt. auf ${net}`,
  grandTotal: {
    INVOICE: 'Gesamtbetrag', CREDIT_NOTE: 'Gutschriftsbetrag', CANCELLATION: 'Gesamtbetrag', PROFORMA: 'Gesamtbetrag',
    QUOTE: 'Gesamtbetrag', ORDER_CONFIRMATION: 'Gesamtbetrag', DELIVERY_NOTE: 'Gesamtbetrag',
  },
  phone: 'Tel.',
  email: 'E-Mail',
  web: 'Web',
  vatId: 'USt-IdNr.',
  taxNumber: 'Steuernr.',
  iban: 'IBAN',
  bic: 'BIC',
  exemption: {
    SMALL_BUSINESS: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet (Kleinunternehmerregelung).',
    REVERSE_CHARGE_EU: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge) gemäß § 13b UStG und Art. 196 MwStSystRL.',
    REVERSE_CHARGE_EU_NO_VAT: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge) gemäß Art. 196 MwStSystRL.',
    REVERSE_CHARGE_13B: 'Steuerschuldnerschaft des Leistungsempfängers gemäß § 13b UStG.',
    INTRA_COMMUNITY: 'Steuerfreie innergemeinschaftliche Lieferung gemäß § 4 Nr. 1b i. V. m. § 6a UStG.',
    THIRD_COUNTRY: 'Nicht im Inland steuerbare Leistung: Der Leistungsort liegt im Drittland.',
    EXPORT_DELIVERY: 'Steuerfreie Ausfuhrlieferung gemäß § 4 Nr. 1a i. V. m. § 6 UStG.',
    INTERNAL_SUPPLY: 'Nicht steuerbarer Innenumsatz.',
    OTHER_EXEMPTION: 'Steuerfreie Leistung.',
  },
  exemptionAT: {
    SMALL_BUSINESS: 'Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG.',
    REVERSE_CHARGE_13B: 'Übergang der Steuerschuld auf den Leistungsempfänger gemäß § 19 Abs. 1 UStG.',
    INTRA_COMMUNITY: 'Steuerfreie innergemeinschaftliche Lieferung gemäß Art. 6 Abs. 1 UStG.',
    EXPORT_DELIVERY: 'Steuerfreie Ausfuhrlieferung gemäß § 6 Abs. 1 Z 1 i. V. m. § 7 UStG.',
  },
  reverseCharge: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge).',
  oss: (country) => `Die Umsatzsteuer wird nach dem Steuersatz des Bestimmungslandes ${country} berechnet und über das One-Stop-Shop-Verfahren (OSS) erklärt.`,
  proforma: 'Diese Proforma-Rechnung ist keine Rechnung im Sinne des Umsatzsteuergesetzes und berechtigt nicht zum Vorsteuerabzug.',
  cancellation: (number, date) => `Mit dieser Stornorechnung wird die Rechnung Nr. ${number} vom ${date} vollständig storniert.`,
  payByTransfer: (amount, due, reference) =>
    `Bitte überweisen Sie den Betrag von ${amount} ${due ? `bis zum ${due}` : 'sofort'} ohne Abzug auf das unten genannte Konto. Verwendungszweck: ${reference}.`,
  payNoBank: (amount, due) => `Bitte zahlen Sie den Betrag von ${amount} ${due ? `bis zum ${due}` : 'sofort'} ohne Abzug.`,
  payProforma: (amount, due, reference) =>
    `Bitte überweisen Sie den Betrag von ${amount} ${due ? `bis zum ${due}` : 'sofort'} im Voraus auf das unten genannte Konto. Verwendungszweck: ${reference}.`,
  directDebit: (amount, due, iban, mandate, creditorId) =>
    `Den Betrag von ${amount} ziehen wir am ${due} per SEPA-Lastschrift von Ihrem Konto ${iban} ein. Mandatsreferenz: ${mandate}, Gläubiger-ID: ${creditorId}.`,
  bankDetails: (parts) => `Bankverbindung: ${parts.join(' · ')}`,
  creditPayout: (amount, iban) =>
    iban ? `Den Betrag von ${amount} überweisen wir auf Ihr Konto ${iban}.` : `Den Betrag von ${amount} schreiben wir Ihnen gut.`,
  cancellationSettled: 'Bereits geleistete Zahlungen erstatten wir Ihnen; offene Beträge der stornierten Rechnung sind nicht mehr zu zahlen.',
  page: 'Seite {page} von {pages}',
  subject: (reference, customer) => `${reference} an ${customer}`,
}

const en: PrintTexts = {
  languageTag: 'en-GB',
  titles: {
    INVOICE: 'Invoice', CREDIT_NOTE: 'Credit note', CANCELLATION: 'Cancellation invoice', PROFORMA: 'Proforma invoice',
    QUOTE: 'Quote', ORDER_CONFIRMATION: 'Order confirmation', DELIVERY_NOTE: 'Delivery note',
  },
  numberLabel: {
    INVOICE: 'Invoice no.', CREDIT_NOTE: 'Credit note no.', CANCELLATION: 'Cancellation no.', PROFORMA: 'Proforma no.',
    QUOTE: 'Quote no.', ORDER_CONFIRMATION: 'Order no.', DELIVERY_NOTE: 'Delivery note no.',
  },
  dateLabel: { INVOICE: 'Invoice date', CREDIT_NOTE: 'Date', CANCELLATION: 'Date', PROFORMA: 'Date', QUOTE: 'Date', ORDER_CONFIRMATION: 'Date', DELIVERY_NOTE: 'Date' },
  draftNumber: 'Draft',
  watermark: 'DRAFT',
  fieldLabels: { dueDate: 'Due date', validUntil: 'Valid until', deliveryDate: 'Delivery date', trackingReference: 'Tracking no.' },
  servicePeriod: 'Service period',
  serviceDate: 'Date of supply',
  serviceDateIsDocumentDate: {
    INVOICE: 'equals invoice date', PROFORMA: 'equals invoice date',
    CREDIT_NOTE: 'equals document date', CANCELLATION: 'equals document date',
    QUOTE: 'equals document date', ORDER_CONFIRMATION: 'equals document date', DELIVERY_NOTE: 'equals document date',
  },
  customerNumber: 'Customer no.',
  orderNumber: 'Order no.',
  buyerReference: 'Your reference',
  customerVatId: 'Your VAT ID',
  refersTo: (number, date) => `for invoice no. ${number} of ${date}`,
  columns: {
    position: 'No.', description: 'Description', quantity: 'Qty', unit: 'Unit', unitPrice: 'Unit price',
    discount: 'Discount', taxRate: 'VAT', amount: 'Amount',
  },
  subtotal: 'Subtotal',
  netTotal: 'Net amount',
  taxLine: (rate, net) => `plus ${rate} VAT on ${net}`,
  grandTotal: { INVOICE: 'Total', CREDIT_NOTE: 'Total credit', CANCELLATION: 'Total', PROFORMA: 'Total', QUOTE: 'Total', ORDER_CONFIRMATION: 'Total', DELIVERY_NOTE: 'Total' },
  phone: 'Phone',
  email: 'Email',
  web: 'Web',
  vatId: 'VAT ID',
  taxNumber: 'Tax no.',
  iban: 'IBAN',
  bic: 'BIC',
  exemption: {
    SMALL_BUSINESS: 'No VAT is charged: small business exemption under § 19 UStG (German VAT Act).',
    REVERSE_CHARGE_EU: 'Reverse charge: VAT is payable by the recipient (Art. 196 Council Directive 2006/112/EC).',
    REVERSE_CHARGE_EU_NO_VAT: 'Reverse charge: VAT is payable by the recipient (Art. 196 Council Directive 2006/112/EC).',
    REVERSE_CHARGE_13B: 'Reverse charge: VAT is payable by the recipient (§ 13b UStG).',
    INTRA_COMMUNITY: 'VAT-exempt intra-Community supply (Art. 138 Council Directive 2006/112/EC).',
    THIRD_COUNTRY: 'Not subject to VAT in the EU: the place of supply is outside the EU.',
    EXPORT_DELIVERY: 'VAT-exempt export delivery (Art. 146 Council Directive 2006/112/EC).',
    INTERNAL_SUPPLY: 'Internal supply, not subject to VAT.',
    OTHER_EXEMPTION: 'VAT-exempt supply.',
  },
  exemptionAT: {
    SMALL_BUSINESS: 'No VAT is charged: small business exemption under § 6 (1) 27 UStG (Austrian VAT Act).',
  },
  reverseCharge: 'Reverse charge: VAT is payable by the recipient.',
  oss: (country) => `VAT is charged at the rate of the country of destination, ${country}, and declared under the One-Stop Shop scheme (OSS).`,
  proforma: 'This proforma invoice is not a VAT invoice and does not entitle the recipient to deduct input tax.',
  cancellation: (number, date) => `This cancellation invoice cancels invoice no. ${number} of ${date} in full.`,
  payByTransfer: (amount, due, reference) =>
    `Please transfer ${amount} ${due ? `by ${due}` : 'immediately'} without deduction to the account below, quoting ${reference}.`,
  payNoBank: (amount, due) => `Please pay ${amount} ${due ? `by ${due}` : 'immediately'} without deduction.`,
  payProforma: (amount, due, reference) =>
    `Please transfer ${amount} in advance ${due ? `by ${due}` : 'immediately'} to the account below, quoting ${reference}.`,
  directDebit: (amount, due, iban, mandate, creditorId) =>
    `We will collect ${amount} by SEPA direct debit from your account ${iban} on ${due}. Mandate reference: ${mandate}, creditor ID: ${creditorId}.`,
  bankDetails: (parts) => `Bank details: ${parts.join(' · ')}`,
  creditPayout: (amount, iban) =>
    iban ? `We will transfer ${amount} to your account ${iban}.` : `We will credit you with ${amount}.`,
  cancellationSettled: 'Payments already made will be refunded; amounts still open on the cancelled invoice are no longer due.',
  page: 'Page {page} of {pages}',
  subject: (reference, customer) => `${reference} to ${customer}`,
}

export const DOCUMENT_TEXTS: Readonly<Record<Locale, PrintTexts>> = { de, en }
