import { InvoicingError } from '../errors'
import { effectiveDatevSettings, type BmdSettings, type ExportSettings } from './export-settings'
import type { CompanyChanges } from './company-schemas'

type SettingsChange = Record<string, unknown> | null | undefined

/**
 * `current` with `change` applied field by field, nested objects too: a value replaces, `null`
 * removes the setting (its default applies again), a field left out stays. `null` for the whole
 * object removes all of it.
 */
function mergeSettings<T extends object>(current: T, change: SettingsChange): T {
  if (change === undefined) return current
  if (change === null) return {} as T
  const merged: Record<string, unknown> = { ...(current as Record<string, unknown>) }
  for (const [field, value] of Object.entries(change)) {
    if (value === undefined) continue
    if (value === null) {
      delete merged[field]
    } else if (typeof value === 'object' && !Array.isArray(value)) {
      const nested = mergeSettings((merged[field] ?? {}) as object, value as Record<string, unknown>)
      if (Object.keys(nested).length === 0) delete merged[field]
      else merged[field] = nested
    } else {
      merged[field] = value
    }
  }
  return merged as T
}

/**
 * The BMD settings with one export request's overrides applied as a company update applies
 * them (`null`: the default), for that request only.
 */
export const bmdSettingsWith = (current: BmdSettings, overrides: SettingsChange): BmdSettings => mergeSettings(current, overrides)

/** The export settings after `changes`, checked as a whole (a debtor account must fit the account length). */
export function mergeExportSettings(current: ExportSettings, changes: Pick<CompanyChanges, keyof ExportSettings>): ExportSettings {
  const merged: ExportSettings = {
    datev: mergeSettings(current.datev, changes.datev),
    bmd: mergeSettings(current.bmd, changes.bmd),
    vatReturn: mergeSettings(current.vatReturn, changes.vatReturn),
    sepa: mergeSettings(current.sepa, changes.sepa),
  }
  const { defaultDebtorAccount, accountLength } = effectiveDatevSettings(merged.datev)
  if (defaultDebtorAccount.length !== accountLength + 1) {
    throw new InvoicingError('validation_failed',
      `datev.defaultDebtorAccount: must have ${accountLength + 1} digits (datev.accountLength + 1), received ${defaultDebtorAccount}`,
      { field: 'datev.defaultDebtorAccount' })
  }
  return merged
}
