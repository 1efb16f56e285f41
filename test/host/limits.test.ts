// Needs a real host: the host's shutdown writes the usage counts it holds in memory before it
// closes the database, and the next host on that database file reads them.
import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { apiClient } from '../support/api-client'
import { createTenant } from '../support/tenant'
import { startTestHost, tempDir } from '../support/test-host'

describe('limits across a restart', () => {
  it('keeps the monthly counts across a restart of the host', async () => {
    const dir = tempDir()
    const databaseFile = join(dir, 'invoicing.sqlite')
    try {
      const first = await startTestHost({ databaseFile })
      const tenant = await createTenant(first, { apiCallQuota: 10 })
      for (let call = 0; call < 7; call++) await tenant.api.get('/customers')
      await first.close()

      const second = await startTestHost({ databaseFile })
      try {
        const api = apiClient(second.url, tenant.key)
        const usage = await api.get('/company/usage')
        assert.deepEqual(usage.body.data.apiCalls, { used: 8, quota: 10, remaining: 2 })
        assert.equal((await api.get('/customers')).status, 200)
        assert.equal((await api.get('/customers')).status, 200)
        assert.equal((await api.get('/customers')).body.code, 'quota_exceeded')
      } finally {
        await second.close()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
