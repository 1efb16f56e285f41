/** E-invoices: Factur-X / ZUGFeRD and XRechnung in CII syntax, and the legal VAT notices they carry. */
export { writeCii } from './cii-writer'
export type { EInvoiceInput } from './einvoice-input'
export { EINVOICE_PROFILES, GUIDELINE_IDS, typeCodeOf, type EInvoiceProfile } from './profiles'
export { taxNoticeOf, exemptionOf, type TaxExemption } from './tax-notices'
export { UNITS, unitCodeOf, type UnitCode } from './unit-codes'
export { assertHybridPdfWithinLimit, renderHybridPdf, HYBRID_PROFILE } from './hybrid-pdf'
