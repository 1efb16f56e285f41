import type { CoreDeps } from '../../ports/deps'
import { retryingTransaction } from '../../unit-of-work'

/** Due posts read per page. */
const PAGE = 100
/** Pages read at most in one run: a bound, far above what a blog schedules. */
const MAX_PAGES = 1000

/**
 * Publishes the SCHEDULED posts whose `publishAt` ≤ `asOf` (`publishedAt` = `publishAt`), and
 * answers how many this call published. Each post is published by a conditional update, so two
 * processes running it at once publish each post once, and a second run finds nothing.
 */
export function createScheduledPublishing({ storage, clock }: Pick<CoreDeps, 'storage' | 'clock'>) {
  return async function publishDuePosts(asOf: Date = clock.now()): Promise<number> {
    let published = 0
    for (let page = 0; page < MAX_PAGES; page++) {
      const due = await storage.blog.listDuePosts(asOf.toISOString(), PAGE)
      let changed = 0
      for (const post of due) {
        const done = await retryingTransaction(storage, (tx) => tx.blog.publishDuePost(post.id, asOf.toISOString(), clock.now().toISOString()))
        if (done) changed++
      }
      published += changed
      // A page of posts another process published meanwhile is not due any more: the next read moves on.
      if (due.length < PAGE || changed === 0) break
    }
    return published
  }
}
