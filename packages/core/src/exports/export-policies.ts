import type { ExportType } from './export'
import type { ExportPolicy } from './export-policy'
import { bmdExportPolicy } from './bmd-export-policy'
import { csvExportPolicy } from './csv-export-policy'
import { ustvaExportPolicy } from './ustva-export-policy'
import { sepaDirectDebitExportPolicy } from './sepa-export-policy'
import { datevExportPolicy } from './datev-export-policy'

/**
 * The types that can be made, each with its policy. A type without an entry does not exist in
 * the API: no route, no filter value.
 */
export const EXPORT_POLICIES = {
  CSV: csvExportPolicy,
  USTVA: ustvaExportPolicy,
  BMD: bmdExportPolicy,
  SEPA_DIRECT_DEBIT: sepaDirectDebitExportPolicy,
  DATEV: datevExportPolicy,
} as const satisfies Partial<Record<ExportType, ExportPolicy<any, any>>>

export type BuiltExportType = keyof typeof EXPORT_POLICIES
export const BUILT_EXPORT_TYPES = Object.keys(EXPORT_POLICIES) as BuiltExportType[]
