/** Reference data for API clients (the meta routes). Other features import from here, not from the files inside. */
export { createMetaService, TaxRateQuerySchema, type EventTypeInfo, type MetaService, type TaxRateQueryInput, type Unit } from './meta-service'
export { maskedKey, type ApiKeyView } from './api-key-view'
export { countries, type Country } from './countries'
export { currencies, type Currency } from './currencies'
