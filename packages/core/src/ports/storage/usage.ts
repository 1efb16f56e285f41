/** Counters of one company in one calendar month (`YYYY-MM`). */
export interface UsageCounts {
  apiCalls: number
  documentsIssued: number
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
  /** Adds one document that left draft this month and returns the new total; counts as `addApiCalls` does. */
  addDocumentIssued(companyId: string, month: string): Promise<number>
}
