/** Companies (tenants): master data, plans and quotas. Other features import from here, not from the files inside. */
export { type Company, type DocumentTexts, effectiveApiCallQuota, type TextDocumentType } from './company'
export { type CompanyCreateInput } from './company-schemas'
export { CHARTS_OF_ACCOUNTS, DATEV_BANK_ACCOUNTS, DATEV_REVENUE_ACCOUNTS, type ChartOfAccounts } from './datev-revenue-accounts'
export {
  BMD_DOCUMENT_NUMBER_MODES, OTHER_EXEMPTION_KENNZAHLEN, PAIN_VERSIONS, VAT_RETURN_BASES,
  effectiveBmdSettings, effectiveDatevSettings, effectiveExportSettings, effectiveSepaSettings, effectiveVatReturnSettings, firstDebtorAccount,
  type BmdDocumentNumberMode, type BmdSettings, type DatevSettings, type EffectiveBmdSettings, type EffectiveDatevSettings,
  type EffectiveExportSettings, type EffectiveSepaSettings, type EffectiveVatReturnSettings, type ExportSettings, type OtherExemptionKz,
  type PainVersion, type SepaSettings, type TaxCaseAccounts, type TaxCaseOrDefault, type VatReturnBasis, type VatReturnSettings,
} from './export-settings'
export { bmdSettingsEntries } from './export-settings-schemas'
export { bmdSettingsWith } from './export-settings-merge'
export { PLAN_FEATURES } from './plans'
export { requireCompany } from './require-company'
