import type { Export, ExportStatus, ExportType } from '../../exports'
import type { Page, PageRequest } from '../../shared/pagination'

/** The filters of the export list; all optional, combined with AND. */
export interface ExportListQuery extends PageRequest {
  type?: ExportType | undefined
  status?: ExportStatus | undefined
  /** `createdAt` ≥ this instant. */
  createdFrom?: string | undefined
  /** `createdAt` < this instant. */
  createdBefore?: string | undefined
}

export interface ExportReader {
  get(companyId: string, id: string): Promise<Export | undefined>
  /** Newest `createdAt` first, then id descending. */
  list(companyId: string, query: ExportListQuery): Promise<Page<Export>>
  /**
   * The ids of the records contained in the company's COMPLETED exports of `type` (each once):
   * a voided export's records are free again. Another company's or type's exports never count.
   */
  exportedRecordIds(companyId: string, type: ExportType): Promise<string[]>
}

export interface ExportRepository extends ExportReader {
  /** Stores a new export and marks `recordIds` as contained in it. */
  insert(exported: Export, recordIds: readonly string[]): Promise<void>
  /**
   * Makes a COMPLETED export VOIDED with `voidedAt` and `voidReason`, and answers whether it did.
   * Of two transactions voiding one export at once, also in two processes, exactly one MUST get
   * `true`; an export already VOIDED, or one the company does not have, gives `false`.
   */
  markVoided(companyId: string, id: string, voidedAt: string, voidReason: string | null): Promise<boolean>
}
