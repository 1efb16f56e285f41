import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { TransactionConflict } from '@invoicing/core'
import { aCompany } from '@invoicing/core/testing'
import BetterSqlite3 from 'better-sqlite3'
import { createSqliteStorage } from './create-sqlite-storage'

/** The largest delay between timer ticks every `everyMs` while `work` runs. */
async function longestStall(work: Promise<unknown>, everyMs = 5): Promise<number> {
  let longest = 0
  let last = performance.now()
  const ticker = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, everyMs)
  try {
    await work
  } finally {
    clearInterval(ticker)
  }
  return longest
}

describe('sqlite storage on a file', () => {
  let folder: string
  before(() => { folder = mkdtempSync(join(tmpdir(), 'invoicing-sqlite-')) })
  after(() => rmSync(folder, { recursive: true, force: true }))

  it('migrates a fresh file once when several openers start together', async () => {
    for (let round = 0; round < 5; round++) {
      const filename = join(folder, `fresh-${round}.sqlite`)
      const opened = await Promise.all(Array.from({ length: 4 }, () => createSqliteStorage({ filename })))
      const company = aCompany()
      await opened[0]!.transaction((tx) => tx.companies.insert(company))
      assert.equal((await opened[3]!.companies.get(company.id))?.name, company.name)
      await Promise.all(opened.map((storage) => storage.close()))
    }
  })

  it('keeps its data when opened again', async () => {
    const filename = join(folder, 'reopen.sqlite')
    const first = await createSqliteStorage({ filename })
    const company = aCompany()
    await first.transaction((tx) => tx.companies.insert(company))
    await first.close()
    const second = await createSqliteStorage({ filename })
    assert.deepEqual(await second.companies.get(company.id), company)
    await second.close()
  })

  it('waits for another process’s write lock without stalling the event loop', async () => {
    const filename = join(folder, 'locked.sqlite')
    const storage = await createSqliteStorage({ filename })
    const other = new BetterSqlite3(filename)
    other.exec('begin immediate')
    setTimeout(() => other.exec('rollback'), 300)
    const company = aCompany()
    const stall = await longestStall(storage.transaction((tx) => tx.companies.insert(company)))
    assert.ok(stall < 150, `the event loop stalled for ${Math.round(stall)} ms`)
    assert.ok(await storage.companies.get(company.id))
    other.close()
    await storage.close()
  })

  it('fails with a TransactionConflict when the lock is not released within the busy timeout', async () => {
    const filename = join(folder, 'busy.sqlite')
    const storage = await createSqliteStorage({ filename, busyTimeoutMs: 200 })
    const other = new BetterSqlite3(filename)
    other.exec('begin immediate')
    try {
      const attempt = storage.transaction((tx) => tx.companies.insert(aCompany()))
      const stall = await longestStall(attempt.catch(() => undefined))
      await assert.rejects(attempt, (error) => error instanceof TransactionConflict)
      assert.ok(stall < 150, `the event loop stalled for ${Math.round(stall)} ms`)
    } finally {
      other.exec('rollback')
      other.close()
      await storage.close()
    }
  })
})
