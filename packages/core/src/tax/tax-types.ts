import type { LineType } from '../sales-documents'
import type { CalendarDate } from '../shared/calendar-date'

export const TAX_EXEMPTION_REASONS = [
  'NONE', 'SMALL_BUSINESS', 'REVERSE_CHARGE_EU', 'REVERSE_CHARGE_EU_NO_VAT', 'THIRD_COUNTRY', 'INTRA_COMMUNITY',
  'EXPORT_DELIVERY', 'REVERSE_CHARGE_13B', 'INTERNAL_SUPPLY', 'OTHER_EXEMPTION',
] as const
export type TaxExemptionReason = (typeof TAX_EXEMPTION_REASONS)[number]

/** VAT category codes of EN 16931 (UNTDID 5305) used by the engine. */
export const TAX_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const
export type TaxCategory = (typeof TAX_CATEGORIES)[number]

/** Net and tax of all lines of one category and rate. Exact decimal strings. */
export interface TaxBreakdownEntry {
  taxCategory: TaxCategory
  taxRate: string
  netAmount: string
  taxAmount: string
}

/** What the tax rules of a document are decided from. */
export interface TaxSituationInput {
  seller: { country: string; vatId: string | null; smallBusiness: boolean; ossRegistered: boolean }
  buyer: { country: string; vatId: string | null }
  /** The issue date: rates are looked up as of this day. */
  date: CalendarDate
  /** Values the caller gave explicitly; undefined means "derive it". */
  given: {
    reverseCharge?: boolean | undefined
    taxExemptionReason?: TaxExemptionReason | undefined
    taxCountry?: string | undefined
    deliveryCountry?: string | undefined
    ossApplicable?: boolean | undefined
    ossCountry?: string | null | undefined
  }
}

/** The tax rules a document is computed under. */
export interface TaxSituation {
  taxCountry: string
  deliveryCountry: string
  reverseCharge: boolean
  taxExemptionReason: TaxExemptionReason
  ossApplicable: boolean
  ossCountry: string | null
  /** The country whose rate table the line rates are read in (the seller's). */
  sellerCountry: string
  date: CalendarDate
}

/** The amount-bearing input of one line, decimals as strings. */
export interface LineAmountInput {
  lineType: LineType
  quantity: string
  unitPrice: string
  discount: string
  /** Percent; null means the standard rate of the tax country. */
  taxRate: string | null
}

export interface PricedLine {
  netAmount: string
  taxRate: string
  taxCategory: TaxCategory | null
}

export interface DocumentTotals {
  lines: PricedLine[]
  taxBreakdown: TaxBreakdownEntry[]
  netTotal: string
  taxTotal: string
  grossTotal: string
}
