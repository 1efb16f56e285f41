import type { Locale } from '../shared/fields'

/**
 * A document as a reader sees it, resolved and print-ready: every label is already in the
 * document language, every number, amount and date already formatted for it. A renderer (PDF,
 * HTML, a mail body) only lays it out; it never formats, translates or decides what to show.
 *
 * Conventions every renderer can rely on:
 * - Text may contain `\n` for a hard line break; a renderer wraps long lines itself.
 * - Texts are Unicode NFC without tabs or control characters (other than `\n`).
 * - Formatted amounts keep their number and currency together with a no-break space
 *   (U+00A0), as `Intl` writes them: `1.234,56 €`, `€1,234.56`.
 * - Empty optional parts are `null` or empty arrays, never empty strings to be skipped.
 * - Internal `notes` of a document never reach a view.
 */
export interface DocumentView {
  /** The document language. */
  locale: Locale
  /** BCP 47 tag the view was formatted with (`de-DE`, `en-GB`): for the PDF `/Lang` and similar. */
  languageTag: string
  /** What the document is; titles and texts already reflect it. */
  kind: ViewKind
  /**
   * A word to print across every page (`ENTWURF`, `DRAFT`) while the document has no real
   * number yet; null for an issued document.
   */
  watermark: string | null
  /** The company's letterhead; null when the document is printed on pre-printed paper (`pdfWithoutLetterhead`): its space stays empty. */
  letterhead: LetterheadView | null
  /** The one-line return address above the recipient (DIN 5008 `Rücksendeangabe`), always printed. */
  senderLine: string
  /** The address window: name first, country last when it is abroad. */
  recipient: string[]
  /** The document title: `customTitle`, else by type (`Rechnung`, `Gutschrift`, `Stornorechnung`, `Angebot`, …). */
  title: string
  /** A line under the title naming the document this one refers to (the cancelled invoice of a cancellation); null if none. */
  subtitle: string | null
  /** Short name of the document for running heads and file names: `Rechnung RE-2026-0001`. */
  reference: string
  /** The information block: number, dates, service period, customer number, references. */
  meta: LabelledValue[]
  /** Opening text above the lines. */
  headerText: string | null
  table: LineTableView
  /** Null on a document printed without prices (a delivery note without `showPrices`). */
  totals: TotalsView | null
  /** Legal notes in the document language (exemptions, reverse charge, OSS, proforma), each one paragraph. */
  legalNotes: string[]
  /** How and when to pay (or how a credit is paid out), each one paragraph; empty when nothing is to be said. */
  paymentTerms: string[]
  /** Closing text (`footer`) printed after the payment terms. */
  footerText: string | null
  /** Page numbering template with `{page}` and `{pages}`: `Seite {page} von {pages}`. Print it only on documents of more than one page. */
  pageNumberTemplate: string
  /** Document properties for the file's metadata (PDF Info dictionary, XMP). */
  properties: DocumentProperties
}

/** INVOICE, PROFORMA, CREDIT_NOTE, CANCELLATION (a credit note that cancels an invoice, `Stornorechnung`), QUOTE, ORDER_CONFIRMATION or DELIVERY_NOTE. */
export type PrintKind = 'INVOICE' | 'CREDIT_NOTE' | 'CANCELLATION' | 'PROFORMA' | 'QUOTE' | 'ORDER_CONFIRMATION' | 'DELIVERY_NOTE'

/** What a view shows: a document, or a reminder (`Mahnung`) about an invoice. */
export type ViewKind = PrintKind | 'REMINDER'

/** The view of a document itself (not a reminder about it). */
export type InvoiceDocumentView = DocumentView & { kind: PrintKind }

export interface LabelledValue {
  label: string
  value: string
}

/** The sender's details, grouped the way a German letterhead and footer print them. */
export interface LetterheadView {
  companyName: string
  /** Street, postcode and city, country when it is not the document's home country. */
  address: string[]
  /** Phone, e-mail and web site, each with its label: `Tel. +49 30 123456`. */
  contact: string[]
  /** VAT id and tax number with labels: `USt-IdNr. DE123456789`. */
  taxIds: string[]
  /** Bank name, IBAN (grouped in fours) and BIC with labels. */
  bank: string[]
}

/** The line table. Which optional columns to show is decided here, not by the renderer. */
export interface LineTableView {
  columns: LineTableColumns
  /**
   * Show the price columns (unit price, amount). False on a document printed without prices:
   * its rows then leave every price cell empty and hold no subtotals.
   */
  showPrices: boolean
  /** Show the discount column: some line has a discount. */
  showDiscount: boolean
  /** Show the tax rate column: the document charges VAT. */
  showTaxRate: boolean
  rows: LineRowView[]
}

/** Column headings of the line table. */
export interface LineTableColumns {
  position: string
  description: string
  quantity: string
  unit: string
  unitPrice: string
  discount: string
  taxRate: string
  amount: string
}

export type LineRowView = ItemRowView | TextRowView | SubtotalRowView | PageBreakRowView

/**
 * A line with an amount: one cell per column of the table. Cells without a value are empty
 * strings; `position` counts only lines with an amount (1, 2, 3 …), and `unitPrice` of a
 * percentage discount is the percentage (`10 %`).
 */
export interface ItemRowView extends LineTableColumns {
  kind: 'item'
}

/** A line of text only, across the table. */
export interface TextRowView {
  kind: 'text'
  text: string
}

/** The running net subtotal of all lines above it. */
export interface SubtotalRowView {
  kind: 'subtotal'
  label: string
  amount: string
}

/** The table continues on a new page. */
export interface PageBreakRowView {
  kind: 'pagebreak'
}

/** Totals as printed under the table, in order. */
export interface TotalsView {
  /** Net total, then tax per rate; empty on documents without VAT, whose only total is the gross one. */
  lines: TotalLineView[]
  /** The amount of the document (`Gesamtbetrag`, `Gutschriftsbetrag`). */
  grand: TotalLineView
  /** The tax breakdown per category and rate, for renderers that print it as a table. */
  taxBreakdown: TaxBreakdownRowView[]
}

export interface TotalLineView {
  label: string
  amount: string
}

export interface TaxBreakdownRowView {
  /** EN 16931 category code (S, Z, E, AE, K, G, O). */
  category: string
  rate: string
  net: string
  tax: string
}

export interface DocumentProperties {
  /** `Rechnung RE-2026-0001`. */
  title: string
  /** The issuing company. */
  author: string
  /** `Rechnung RE-2026-0001 an Kunde AG`. */
  subject: string
  keywords: string[]
}
