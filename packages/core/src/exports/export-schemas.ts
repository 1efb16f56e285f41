import * as v from 'valibot'
import { calendarDate, optionalText, upperCased } from '../shared/fields'
import { pageEntries } from '../shared/pagination'
import { aliased } from '../shared/validation'
import { EXPORT_STATUSES } from './export'
import { BUILT_EXPORT_TYPES } from './export-policies'

export const ExportListQuerySchema = aliased(v.object({
  type: v.optional(upperCased(BUILT_EXPORT_TYPES)),
  status: v.optional(upperCased(EXPORT_STATUSES)),
  from: v.optional(v.pipe(calendarDate, v.description('Created on or after this date (company time zone)'))),
  to: v.optional(v.pipe(calendarDate, v.description('Created on or before this date (company time zone)'))),
  ...pageEntries,
}))
export type ExportListQuery = v.InferInput<typeof ExportListQuerySchema>

/** POST /exports/{id}/void. */
export const VoidExportSchema = aliased(v.object({
  reason: optionalText(500),
}))
export type VoidExportInput = v.InferInput<typeof VoidExportSchema>
