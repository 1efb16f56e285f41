import type { Company } from '../companies'
import type { Locale } from '../shared/fields'
import { exemptCategoryOf, type TaxCategory } from '../tax'
import { taxNotesOf, type TaxNoteInput } from '../print'

type Localized = Readonly<Record<Locale, string>>

const REVERSE_CHARGE: Localized = { de: 'Steuerschuldnerschaft des Leistungsempfängers', en: 'Reverse charge' }
const INTRA_COMMUNITY: Localized = {
  de: 'Steuerfreie innergemeinschaftliche Lieferung',
  en: 'Intra-Community supply, exempt from VAT (Article 138 of Directive 2006/112/EC)',
}
const EXPORT: Localized = { de: 'Steuerfreie Ausfuhrlieferung', en: 'Export outside the EU, exempt from VAT' }
const NOT_SUBJECT: Localized = { de: 'Nicht steuerbarer Innenumsatz', en: 'Not subject to VAT (internal supply)' }
const EXEMPT: Localized = { de: 'Steuerfreie Leistung', en: 'Exempt from VAT' }

/** The text of a category when the document's reason names none (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
const NOTICE_BY_CATEGORY: Readonly<Partial<Record<TaxCategory, Localized>>> = {
  E: EXEMPT, AE: REVERSE_CHARGE, K: INTRA_COMMUNITY, G: EXPORT, O: NOT_SUBJECT,
}

/** BT-121 per category (CEF VATEX). E has no code for § 19 UStG or a generic exemption: its text says why. */
const VATEX_BY_CATEGORY: Readonly<Partial<Record<TaxCategory, string>>> = {
  AE: 'VATEX-EU-AE', K: 'VATEX-EU-IC', G: 'VATEX-EU-G', O: 'VATEX-EU-O',
}

/** Categories whose VAT breakdown must say why no VAT is charged. */
export const EXEMPT_CATEGORIES: ReadonlySet<TaxCategory> = new Set(['E', 'AE', 'K', 'G', 'O'])

/**
 * The legal VAT notice a document carries, in its language: the same notes the PDF prints
 * (reverse charge, small business, exemptions, OSS destination), joined; null when it needs none.
 */
export function taxNoticeOf(invoice: TaxNoteInput, company: Pick<Company, 'country'>): string | null {
  const notes = taxNotesOf(invoice, company)
  return notes.length > 0 ? notes.join(' ') : null
}

/** BT-120 (text) and BT-121 (VATEX code) of a VAT breakdown. */
export interface TaxExemption {
  reason: string
  code: string | null
}

/**
 * The exemption reason of a VAT breakdown of `category`, or null for S and Z (BR-S-10,
 * BR-Z-10 forbid one). The text is the document's notice when its reason belongs to the
 * category, else the category's standard text.
 */
export function exemptionOf(category: TaxCategory, invoice: TaxNoteInput, company: Pick<Company, 'country'>): TaxExemption | null {
  if (!EXEMPT_CATEGORIES.has(category)) return null
  const locale = invoice.documentLocale
  const own = exemptCategoryOf(invoice) === category
  const text = (own ? taxNotesOf(invoice, company)[0] : undefined) ?? NOTICE_BY_CATEGORY[category]![locale]
  return { reason: text, code: VATEX_BY_CATEGORY[category] ?? null }
}
