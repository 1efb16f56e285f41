import type { DocumentTexts } from '../companies'
import type { TaxSituationInput } from '../tax'
import type { InvoiceCreateFields } from './invoice-schemas'

type RequestedFields = Pick<InvoiceCreateFields,
  | 'notes' | 'footer' | 'headerText' | 'customTitle' | 'pdfWithoutLetterhead' | 'invoiceDateIsServiceDate' | 'useShippingAddress'
  | 'shippingName' | 'shippingStreet' | 'shippingZipCode' | 'shippingCity' | 'shippingCountry' | 'eInvoiceAudit' | 'metadata'>

/**
 * The fields a new document takes from its request as given: its texts (the company's texts
 * for the locale and type when omitted; null clears them), print options and shipping address.
 */
export const requestedFieldsOf = (fields: RequestedFields, texts: DocumentTexts | undefined) => ({
  notes: fields.notes ?? null,
  footer: fields.footer !== undefined ? fields.footer : texts?.footer ?? null,
  headerText: fields.headerText !== undefined ? fields.headerText : texts?.headerText ?? null,
  customTitle: fields.customTitle ?? null,
  pdfWithoutLetterhead: fields.pdfWithoutLetterhead ?? false,
  invoiceDateIsServiceDate: fields.invoiceDateIsServiceDate ?? false,
  useShippingAddress: fields.useShippingAddress ?? false,
  shippingName: fields.shippingName ?? null,
  shippingStreet: fields.shippingStreet ?? null,
  shippingZipCode: fields.shippingZipCode ?? null,
  shippingCity: fields.shippingCity ?? null,
  shippingCountry: fields.shippingCountry ?? null,
  eInvoiceAudit: fields.eInvoiceAudit ?? null,
  metadata: fields.metadata ?? {},
})

type RequestedTaxFields = Pick<InvoiceCreateFields,
  'reverseCharge' | 'taxExemptionReason' | 'taxCountry' | 'deliveryCountry' | 'ossApplicable' | 'ossCountry' | 'useShippingAddress' | 'shippingCountry'>

/** The tax values a request gives (the rest is derived); goods shipped elsewhere are delivered there. */
export const requestedTaxValues = (fields: RequestedTaxFields): TaxSituationInput['given'] => ({
  reverseCharge: fields.reverseCharge,
  taxExemptionReason: fields.taxExemptionReason,
  taxCountry: fields.taxCountry,
  deliveryCountry: fields.deliveryCountry ?? (fields.useShippingAddress ? fields.shippingCountry ?? undefined : undefined),
  ossApplicable: fields.ossApplicable,
  ossCountry: fields.ossCountry,
})
