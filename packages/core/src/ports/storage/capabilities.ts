/**
 * Where adapters of the storage port may differ, each flag with what it means and who acts on
 * it. A flag is added only when something reads it: the engine or the contract suite.
 */
export interface StorageCapabilities {
  /**
   * Whether transactions of this storage run at the same time.
   * - false (memory, SQLite): one after another, in this process and, through the database's
   *   write lock, across processes. A TransactionConflict then only means that another process
   *   held the database longer than the adapter waits for it.
   * - true (e.g. PostgreSQL): they overlap, and the adapter keeps them serializable by rolling
   *   back one of two that conflict: a TransactionConflict is a normal event under load.
   *
   * Read by `retryingTransaction`, which waits a short random time before running work again
   * only when true (two rivals re-run at once would meet again; a one-at-a-time adapter has
   * waited already), and by the contract suite, which makes its concurrent transactions meet
   * inside the transaction only when true (one-at-a-time, waiting for the other would wait
   * forever) and checks that they do run one after another when false.
   *
   * A new adapter says true unless it runs transactions one at a time: false is a promise the
   * contract suite holds it to.
   */
  readonly concurrentTransactions: boolean
}
