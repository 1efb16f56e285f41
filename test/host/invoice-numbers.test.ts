// Needs real hosts: two `invoicing serve` processes on one database file, so numbering is
// race-safe across processes, not only across the engines of one process (test/api).
import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { apiClient } from '../support/api-client'
import { runCli, startServe } from '../support/cli'
import { expectedNumbers, issueInParallel } from '../support/issue-in-parallel'
import { tempDir } from '../support/test-host'

describe('invoice numbers across processes', () => {
  it('gives contiguous numbers with two `invoicing serve` processes on one database file', async () => {
    const dir = tempDir()
    const env = { INVOICING_DB: join(dir, 'shared.sqlite'), INVOICING_DATA_DIR: join(dir, 'data'), INVOICING_NO_DEMO: '1' }
    try {
      const company = runCli(['company', 'create', '--json', '{"name":"Zwei Prozesse GmbH"}'], env)
      assert.equal(company.status, 0, company.stderr)
      const { key } = runCli(['key', 'create', '--company', company.json().id], env).json()
      const processes = await Promise.all([startServe(env), startServe(env)])
      try {
        assert.notEqual(processes[0].child.pid, processes[1].child.pid)
        const clients = processes.map((serve) => apiClient(serve.url, key))
        const { numbers, year } = await issueInParallel(clients)
        assert.deepEqual(numbers, expectedNumbers(year))
        for (const client of clients) {
          const listed = await client.get('/invoices?limit=100')
          assert.deepEqual(listed.body.data.map((invoice: any) => invoice.invoiceNumber).sort(), numbers)
        }
      } finally {
        const codes = await Promise.all(processes.map((serve) => serve.stop()))
        assert.deepEqual(codes, [0, 0], processes.map((serve) => serve.stderr()).join('\n'))
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
