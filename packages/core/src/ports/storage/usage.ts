/** Counters of one company in one calendar month (`YYYY-MM`). */
export interface UsageCounts {
  apiCalls: number
  documentsIssued: number
  /** The documents of `documentsIssued` by document type (months counted before types were kept have none). */
  documentsByType: Record<string, number>
}

export interface UsageReader {
  get(companyId: string, month: string): Promise<UsageCounts>
}

export interface UsageRepository extends UsageReader {
  /**
   * Adds `calls` to the month's API call counter and returns the new total. Concurrent adds
   * (also from other processes) MUST all be counted once their transactions commit; an add
   * whose transaction rolls back MUST count nothing.
   */
  addApiCalls(companyId: string, month: string, calls: number): Promise<number>
  /**
   * Adds one document of `documentType` that left draft this month and returns the month's new
   * total (all types); counts as `addApiCalls` does.
   */
  addDocumentIssued(companyId: string, month: string, documentType: string): Promise<number>
}
