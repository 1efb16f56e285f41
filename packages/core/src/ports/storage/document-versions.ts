import type { DocumentVersion } from '../../versions'

export interface DocumentVersionReader {
  /** A document's versions, highest version number first. */
  list(companyId: string, invoiceId: string): Promise<DocumentVersion[]>
  get(companyId: string, invoiceId: string, versionNumber: number): Promise<DocumentVersion | undefined>
}

/** Frozen states of locked documents. Versions are never changed, except to record their PDF once. */
export interface DocumentVersionRepository extends DocumentVersionReader {
  /** Stores a version. A second version with the same number of one document MUST be refused. */
  insert(version: DocumentVersion): Promise<void>
  /**
   * Records where the version's archived PDF lies, unless a PDF is recorded already, and says
   * whether it recorded `pdfKey`: the race-safe primitive behind "a version's PDF never changes".
   * - Of concurrent calls for one version without a PDF (also from other processes) exactly one
   *   MUST answer true and record its key; the others MUST answer false (or fail with a
   *   TransactionConflict) and change nothing.
   * - A version of another company is untouched (false).
   */
  recordPdfKey(companyId: string, id: string, pdfKey: string): Promise<boolean>
}
