import type { Export } from '../exports'
import type { ExportRepository } from '../ports/storage'
import { newestFirst, sliceOf, type Table } from './memory-table'

export interface ExportTables {
  exports: Table<Export>
  /** The records each export contains, by export id. */
  exportedRecords: Table<string[]>
}

/** Exports and the records each contains; a record counts as exported while its export is COMPLETED. */
export function exportRecords({ exports, exportedRecords }: ExportTables): ExportRepository {
  const stored = (companyId: string, id: string) => {
    const exported = exports.get(id)
    return exported?.companyId === companyId ? exported : undefined
  }
  return {
    get: async (companyId, id) => stored(companyId, id),
    list: async (companyId, query) => sliceOf([...exports.rows()].filter(({ value }) =>
      value.companyId === companyId &&
      (!query.type || value.type === query.type) &&
      (!query.status || value.status === query.status) &&
      (!query.createdFrom || value.createdAt >= query.createdFrom) &&
      (!query.createdBefore || value.createdAt < query.createdBefore))
      .sort((a, b) => newestFirst(a, b) || (b.value.id < a.value.id ? -1 : 1)), query),
    exportedRecordIds: async (companyId, type) => {
      const ids = new Set<string>()
      for (const { value } of exports.rows()) {
        if (value.companyId !== companyId || value.type !== type || value.status !== 'COMPLETED') continue
        for (const id of exportedRecords.get(value.id) ?? []) ids.add(id)
      }
      return [...ids]
    },
    insert: async (exported, recordIds) => {
      if (exports.get(exported.id)) throw new Error(`export ${exported.id} already exists`)
      exports.set(exported.id, exported)
      exportedRecords.set(exported.id, [...recordIds])
    },
    markVoided: async (companyId, id, voidedAt, voidReason) => {
      const exported = stored(companyId, id)
      if (exported?.status !== 'COMPLETED') return false
      exports.set(id, { ...exported, status: 'VOIDED', voidedAt, voidReason })
      return true
    },
  }
}
