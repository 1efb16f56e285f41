import { InvoicingError } from '../errors'
import type { InvoiceType } from '../invoices/invoice'

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

/** BT-3 per document type (UNTDID 1001): commercial invoice, credit note, proforma invoice. */
export const DOCUMENT_TYPE_CODES: Readonly<Record<InvoiceType, string>> = {
  INVOICE: '380',
  CREDIT_NOTE: '381',
  PROFORMA: '325',
}

/**
 * Whether the profile carries the EN 16931 elements BASIC leaves out: seller contact (BG-6),
 * item description (BT-154), payment means text (BT-82) and BIC (BT-86).
 */
export const isComfortProfile = (profile: EInvoiceProfile): boolean => profile !== 'BASIC'

/**
 * BT-3 of a document in a profile. BASIC and EN 16931 accept 325 (their code lists hold it);
 * XRechnung allows only invoices and credit notes (BR-DE-17: 326, 380, 384, 389, 381, 875-877),
 * and a proforma is not an invoice a public buyer can book, so it is refused there.
 */
export function typeCodeOf(invoiceType: InvoiceType, profile: EInvoiceProfile): string {
  if (profile === 'XRECHNUNG' && invoiceType === 'PROFORMA') {
    throw new InvoicingError('validation_failed',
      'invoiceType: a proforma is not an invoice and cannot be exported as XRechnung (BR-DE-17 allows 380 and 381 only); use the BASIC or EN16931 profile',
      { field: 'invoiceType', profile, rule: 'BR-DE-17' })
  }
  return DOCUMENT_TYPE_CODES[invoiceType]
}
