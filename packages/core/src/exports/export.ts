/**
 * A file handed over to an accountant or a bank, kept as evidence of what was handed over: it is
 * never changed or deleted, only voided (which frees its documents for another export).
 */
export interface Export {
  id: string
  companyId: string
  type: ExportType
  status: ExportStatus
  /** The request after defaults and company settings were applied. */
  parameters: Record<string, unknown>
  file: ExportFile
  /** Documents included. */
  documentCount: number
  /** What the type reports about the file, e.g. `{ rows }`. */
  summary: Record<string, unknown>
  createdAt: string
  createdByKeyId: string | null
  voidedAt: string | null
  voidReason: string | null
}

export interface ExportFile {
  name: string
  contentType: string
  encoding: string
  /** Bytes. */
  size: number
  /** Lower-case hex. */
  sha256: string
}

/** Every kind of export the contract names; only those with a policy in `EXPORT_POLICIES` can be made. */
export const EXPORT_TYPES = ['CSV', 'DATEV', 'BMD', 'USTVA', 'SEPA_DIRECT_DEBIT'] as const
export type ExportType = (typeof EXPORT_TYPES)[number]

export const EXPORT_STATUSES = ['COMPLETED', 'VOIDED'] as const
export type ExportStatus = (typeof EXPORT_STATUSES)[number]

/** Where an export's bytes are kept in the documents file store. */
export const exportFileKeyOf = (exported: Pick<Export, 'companyId' | 'id'>): string => `exports/${exported.companyId}/${exported.id}`

/** The most documents one export takes (more: 400 `export_too_large`). */
export const MAX_EXPORT_DOCUMENTS = 100_000

/** The longest period one export covers, both ends included (longer: 400 `period_too_long`). */
export const MAX_EXPORT_PERIOD_DAYS = 731
