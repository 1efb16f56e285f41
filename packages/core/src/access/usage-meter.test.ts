import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Storage } from '../ports/storage'
import { createMemoryStorage } from '../testing'
import { createUsageMeter } from './usage-meter'

describe('usage meter', () => {
  it('tries again after a failed load instead of failing every later call', async () => {
    const storage = createMemoryStorage()
    let failures = 1
    const flaky: Storage = {
      ...storage,
      usage: {
        get: async (companyId, month) => {
          if (failures-- > 0) throw new Error('disk hiccup')
          return storage.usage.get(companyId, month)
        },
      },
    }
    const meter = createUsageMeter(flaky, 60_000)
    await assert.rejects(Promise.resolve(meter.admit('co', '2026-03', null)), /disk hiccup/)
    assert.equal(await meter.admit('co', '2026-03', null), true)
    assert.equal(await meter.used('co', '2026-03'), 1)
    await meter.close()
  })
})
