export interface SequenceReader {
  /** The last value handed out for `key`, 0 when none was. */
  current(companyId: string, key: string): Promise<number>
}

/** The race-safe primitive behind gapless numbers. */
export interface SequenceAllocator extends SequenceReader {
  /**
   * Returns the last value of `key` plus one and stores it. The first call for a key returns 1.
   * Concurrent transactions (also in other processes) MUST receive distinct consecutive values;
   * a rolled-back transaction MUST give its value back, so no gap appears.
   */
  next(companyId: string, key: string): Promise<number>
  /**
   * Makes the last value of `key` at least `value` (never lower), so a range moved to another
   * key continues where it was instead of handing out its numbers again.
   */
  raiseTo(companyId: string, key: string, value: number): Promise<void>
}
