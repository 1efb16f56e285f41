import type { Company } from '../companies'
import type { Invoice } from '../invoices'
import { isTaxed } from '../tax'
import { DOCUMENT_TEXTS } from './print-texts'

/** The fields of a document its VAT notes are written from. */
export type TaxNoteInput = Pick<Invoice, 'taxExemptionReason' | 'taxExemptionNote' | 'reverseCharge' | 'ossApplicable' | 'ossCountry' | 'taxCountry' | 'documentLocale'>

const countryNames = {
  de: new Intl.DisplayNames(['de'], { type: 'region', fallback: 'code' }),
  en: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }),
}

/**
 * The legal VAT notes of a document in its language: why no VAT is charged (reverse charge,
 * small business, exemptions; `taxExemptionNote` replaces the built-in text) and the OSS
 * destination. The one source of these texts: the PDF prints them, the e-invoice carries them.
 */
export function taxNotesOf(invoice: TaxNoteInput, company: Pick<Company, 'country'>): string[] {
  const texts = DOCUMENT_TEXTS[invoice.documentLocale]
  const notes: string[] = []
  const given = invoice.taxExemptionNote?.trim()
  if (given) {
    notes.push(given)
  } else if (!isTaxed(invoice)) {
    const reason = invoice.taxExemptionReason
    notes.push(reason === 'NONE' ? texts.reverseCharge : (company.country === 'AT' ? texts.exemptionAT[reason] : undefined) ?? texts.exemption[reason])
  }
  if (invoice.ossApplicable) {
    const country = invoice.ossCountry ?? invoice.taxCountry
    notes.push(texts.oss(countryNames[invoice.documentLocale].of(country) ?? country))
  }
  return notes
}
