import { InvoicingError } from '../errors'
import { kindOf, type SalesDocument } from '../sales-documents'

/**
 * The e-invoice profiles the CII writer produces: Factur-X / ZUGFeRD BASIC and EN 16931
 * (COMFORT), and XRechnung 3.0 (the German CIUS of EN 16931) in CII syntax.
 */
export const EINVOICE_PROFILES = ['BASIC', 'EN16931', 'XRECHNUNG'] as const
export type EInvoiceProfile = (typeof EINVOICE_PROFILES)[number]

/** BT-24, the specification identifier of each profile (Factur-X 1.07.3 = ZUGFeRD 2.3.3). */
export const GUIDELINE_IDS: Readonly<Record<EInvoiceProfile, string>> = {
  BASIC: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  EN16931: 'urn:cen.eu:en16931:2017',
  XRECHNUNG: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
}

/** BT-23, the business process XRechnung requires (PEPPOL-EN16931-R001). */
export const XRECHNUNG_BUSINESS_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'

/**
 * Whether the profile carries the EN 16931 elements BASIC leaves out: seller contact (BG-6),
 * item description (BT-154), payment means text (BT-82) and BIC (BT-86).
 */
export const isComfortProfile = (profile: EInvoiceProfile): boolean => profile !== 'BASIC'

/**
 * BT-3 of a document in a profile, from its kind (UNTDID 1001: 380 commercial invoice, 381
 * credit note, 325 proforma invoice). BASIC and EN 16931 accept 325 (their code lists hold it);
 * XRechnung allows only invoices and credit notes (BR-DE-17: 326, 380, 384, 389, 381, 875-877),
 * and a document that is no invoice in the VAT sense (a proforma) is not one a public buyer can
 * book, so it is refused there.
 */
export function typeCodeOf(document: SalesDocument, profile: EInvoiceProfile): string {
  const eInvoice = kindOf(document).eInvoice
  if (!eInvoice) throw new Error(`a ${document.documentType} has no e-invoice`)
  if (profile === 'XRECHNUNG' && !eInvoice.taxInvoice) {
    throw new InvoicingError('validation_failed',
      'invoiceType: a proforma is not an invoice and cannot be exported as XRechnung (BR-DE-17 allows 380 and 381 only); use the BASIC or EN16931 profile',
      { field: 'invoiceType', profile, rule: 'BR-DE-17' })
  }
  return eInvoice.typeCode
}
