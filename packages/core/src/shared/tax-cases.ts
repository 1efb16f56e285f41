/*
 * Kept in shared/ rather than tax/ because company settings are keyed by it, and the tax
 * feature's index loads the sales-document kernel, which needs companies first. Import it from
 * the tax feature like the other tax rules.
 */

/**
 * The tax case of a document's tax group: how accounting exports (DATEV, BMD, UStVA) classify a
 * sale. Derived from the document's exemption reason, its OSS flag and the rate category of the
 * group; settings that map a case to an account or a code are keyed by these names.
 *
 * - `DOMESTIC_STANDARD` / `_REDUCED` / `_ZERO` / `_OTHER`: no exemption, not OSS; rate category
 *   standard, reduced, zero, anything else (super-reduced included).
 * - `OSS`: the document is an OSS sale.
 * - the others: the exemption reason of the same name (`REVERSE_CHARGE_EU` also for
 *   `REVERSE_CHARGE_EU_NO_VAT`).
 */
export const TAX_CASES = [
  'DOMESTIC_STANDARD', 'DOMESTIC_REDUCED', 'DOMESTIC_ZERO', 'DOMESTIC_OTHER', 'OSS', 'INTRA_COMMUNITY', 'REVERSE_CHARGE_EU',
  'REVERSE_CHARGE_13B', 'EXPORT_DELIVERY', 'THIRD_COUNTRY', 'SMALL_BUSINESS', 'OTHER_EXEMPTION', 'INTERNAL_SUPPLY',
] as const
export type TaxCase = (typeof TAX_CASES)[number]
