export { computeTotals } from './totals'
export { exemptCategoryOf, isTaxed } from './tax-category'
export { Exact, formatMoney, formatRate, round2, sum } from './decimals'
export { REVERSE_CHARGE_REASONS, resolveTaxSituation } from './tax-situation'
export {
  canonicalCountry, isEuMember, normaliseRate, rateCategoryOf, standardRateOf, taxRatesOf, type RateCategory, type TaxRates,
} from './tax-rates'
export { RATE_TABLE_START } from './tax-rate-table'
export { TAX_CASES, type TaxCase } from '../shared/tax-cases'
export * from './tax-types'
export { countriesWithRates, PUBLISHED_RATE_CATEGORIES, publishedRatesOn, type PublishedRate, type PublishedRateCategory } from './published-rates'
