export interface SequenceReader {
  /** The last value handed out for `key`, 0 when none was. */
  current(companyId: string, key: string): Promise<number>
}

/** The race-safe primitive behind gapless numbers. */
export interface SequenceAllocator extends SequenceReader {
  /**
   * Hands out the value after the last one of `key` and stores it; the first value of a key is 1.
   * - Concurrent callers (also in other processes) MUST get distinct, consecutive values: no two
   *   committed transactions hold the same value.
   * - A transaction that rolls back (or fails with a TransactionConflict) MUST give its value
   *   back: the next caller gets it, so no gap appears.
   */
  takeNextNumber(companyId: string, key: string): Promise<number>
  /**
   * Makes the last value of `key` at least `value` (never lower), so a range moved to another
   * key continues where it was instead of handing out its numbers again.
   */
  raiseTo(companyId: string, key: string, value: number): Promise<void>
}
