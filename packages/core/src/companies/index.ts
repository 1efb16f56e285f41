/** Companies (tenants): master data, plans and quotas. Other features import from here, not from the files inside. */
export { type Company, type DocumentTexts, effectiveApiCallQuota, type TextDocumentType } from './company'
export { type CompanyCreateInput } from './company-schemas'
export { PLAN_FEATURES } from './plans'
export { requireCompany } from './require-company'
