import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ClaimsDue } from '../ports/storage'

type Claim<T> = ClaimsDue<T>['claimDue']

/** What {@link claimsDueContract} needs of one queue on one adapter. */
export interface ClaimsDueHarness<T extends { id: string }> {
  /** Stores one new item due at each of `dueAts` (UTC ISO timestamps) and answers them as stored. */
  store(dueAts: string[]): Promise<T[]>
  /** Two ways to claim, e.g. two transactions of one storage, or two storages on one database. */
  claimers: readonly [Claim<T>, Claim<T>]
  /** `item` as a claim leaves it: leased until `until`, one more attempt counted, nothing else changed. */
  claimed(item: T, until: string): T
}

const T0 = Date.parse('2026-03-01T10:00:00.000Z')
const at = (ms: number) => new Date(T0 + ms).toISOString()
const LEASE_MS = 60_000
const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

/**
 * The MUSTs of {@link ClaimsDue}, for any queue that has them. `harness` is called in each test,
 * after the adapter's storage for the test exists.
 */
export function claimsDueContract<T extends { id: string }>(name: string, harness: () => ClaimsDueHarness<T>): void {
  describe(`${name}: claimDue`, () => {
    it('takes the items due at `now`, earliest first up to the limit, leases them and counts the attempt', async () => {
      const { store, claimers: [claim], claimed } = harness()
      const [first, second, third] = await store([at(0), at(60_000), at(120_000), at(3_600_000)])
      const now = at(120_000)
      const until = at(120_000 + LEASE_MS)
      assert.deepEqual(byId(await claim(now, 2, LEASE_MS)), byId([claimed(first!, until), claimed(second!, until)]))
      assert.deepEqual(await claim(now, 10, LEASE_MS), [claimed(third!, until)], 'leased items are not due; the one due later is not yet')
      assert.deepEqual(await claim(now, 10, LEASE_MS), [])
    })

    it('never hands one item to two concurrent claimers', async () => {
      const { store, claimers, claimed } = harness()
      const items = await store(Array.from({ length: 24 }, (_, index) => at(index)))
      const now = at(60_000)
      const drain = async (claim: Claim<T>) => {
        const taken: T[] = []
        for (let batch = await claim(now, 3, LEASE_MS); batch.length > 0; batch = await claim(now, 3, LEASE_MS)) taken.push(...batch)
        return taken
      }
      const [one, other] = await Promise.all(claimers.map(drain))
      assert.deepEqual(byId([...one!, ...other!]), byId(items.map((item) => claimed(item, at(60_000 + LEASE_MS)))))
    })

    it('makes an item due again when its lease has ended, and hands it to one claimer only', async () => {
      const { store, claimers, claimed } = harness()
      const [item] = await store([at(0)])
      const [claim] = claimers
      const first = claimed(item!, at(LEASE_MS))
      assert.deepEqual(await claim(at(0), 10, LEASE_MS), [first])
      assert.deepEqual(await claim(at(LEASE_MS - 1), 10, LEASE_MS), [], 'leased until the lease ends')
      const again = await Promise.all(claimers.map((each) => each(at(LEASE_MS), 10, LEASE_MS)))
      assert.deepEqual(again.flat(), [claimed(first, at(2 * LEASE_MS))])
    })
  })
}
