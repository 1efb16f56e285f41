import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { StorageReader } from '../ports/storage'
import type { Page, PageRequest } from '../shared/pagination'
import { readerWithout } from './unexported-records'

/** A reader whose invoice list pages over `ids` (and whose payments list answers an array). */
function readerOf(ids: string[]): StorageReader {
  const invoices = {
    list: async (_companyId: string, query: PageRequest & { from?: string }): Promise<Page<{ id: string }>> => ({
      items: ids.slice(query.offset, query.offset + query.limit).map((id) => ({ id })), total: ids.length, limit: query.limit, offset: query.offset,
    }),
    get: async (_companyId: string, id: string) => ({ id }),
    walkByIssueDate: async (_companyId: string, query: { after?: number | null; limit: number }) => {
      const start = query.after ?? 0
      const items = ids.slice(start, start + query.limit).map((id) => ({ id }))
      return { items, next: items.length === query.limit ? start + items.length : null }
    },
  }
  const payments = { listByInvoice: async () => ids.map((id) => ({ id })) }
  return { invoices, payments } as unknown as StorageReader
}

/** Every item, as a writer that stops at a short page or at `total` reads them. */
async function readAll(reader: StorageReader, limit: number): Promise<string[]> {
  const seen: string[] = []
  for (let offset = 0; ; offset += limit) {
    const page = await reader.invoices.list('c', { limit, offset })
    seen.push(...page.items.map((item) => item.id))
    if (page.items.length < limit || offset + page.items.length >= page.total) return seen
  }
}

describe('reading without exported records', () => {
  const ids = Array.from({ length: 23 }, (_, index) => `i${index}`)
  const excluded = new Set(['i0', 'i1', 'i2', 'i5', 'i9', 'i10', 'i11', 'i12', 'i22'])

  it('pages through the list without the excluded records, also when whole pages of them are excluded', async () => {
    for (const limit of [1, 3, 4, 100]) {
      const { reader, leftOut } = readerWithout(readerOf(ids), ['invoices'], excluded)
      assert.deepEqual(await readAll(reader, limit), ids.filter((id) => !excluded.has(id)), `limit ${limit}`)
      assert.deepEqual([...leftOut].sort(), [...excluded].sort())
    }
  })

  it('answers the same page again when asked again, and leaves single reads and other groups alone', async () => {
    const { reader } = readerWithout(readerOf(ids), ['invoices'], excluded)
    const first = await reader.invoices.list('c', { limit: 3, offset: 3 })
    assert.deepEqual((await reader.invoices.list('c', { limit: 3, offset: 3 })).items, first.items)
    assert.deepEqual(first.items.map((item) => item.id), ['i7', 'i8', 'i13'])
    assert.deepEqual(await reader.invoices.get('c', 'i0'), { id: 'i0' })
    assert.equal((await reader.payments.listByInvoice('c', 'x')).length, ids.length)
  })

  it('walks on past stretches whose records were all exported', async () => {
    const { reader, leftOut } = readerWithout(readerOf(ids), ['invoices'], excluded)
    const seen: string[] = []
    const walk = reader.invoices.walkByIssueDate as unknown as (companyId: string, query: { after: unknown; limit: number }) => Promise<{ items: { id: string }[]; next: unknown }>
    let after: unknown = null
    let emptyStretches = 0
    do {
      const stretch = await walk('c', { after, limit: 3 })
      if (stretch.items.length === 0) emptyStretches++
      seen.push(...stretch.items.map((item) => item.id))
      after = stretch.next
    } while (after !== null)
    assert.deepEqual(seen, ids.filter((id) => !excluded.has(id)))
    assert.equal(emptyStretches, 2) // i0–i2 and i9–i11
    assert.equal(leftOut.size, excluded.size)
  })

  it('filters arrays of the group it reads from', async () => {
    const { reader } = readerWithout(readerOf(ids), ['payments'], excluded)
    assert.equal((await reader.payments.listByInvoice('c', 'x')).length, ids.length - excluded.size)
  })
})
