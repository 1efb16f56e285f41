import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { describe, it } from 'node:test'
import { DatabaseOpenFailure, describeDatabase, maskedUrl, openStorage } from './databases'

/** A loopback port nothing listens on: taken from the system, then closed again. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

describe('the configured database', () => {
  it('is named without its password', () => {
    assert.equal(maskedUrl('postgres://invoicing:s%40cret@db:5432/invoicing?sslmode=require'), 'postgres://invoicing:***@db:5432/invoicing?sslmode=require')
    assert.equal(maskedUrl('postgres://db/invoicing'), 'postgres://db/invoicing')
    assert.equal(describeDatabase({ kind: 'sqlite', file: 'data/invoicing.sqlite' }), 'data/invoicing.sqlite')
  })

  it('that cannot be reached fails to open with one line naming it, password masked', async () => {
    const url = `postgres://invoicing:hunter2@127.0.0.1:${await closedPort()}/invoicing`
    await assert.rejects(openStorage({ kind: 'postgres', url }), (error: Error) => {
      assert.ok(error instanceof DatabaseOpenFailure, String(error))
      assert.match(error.message, /^the database postgres:\/\/invoicing:\*\*\*@127\.0\.0\.1:\d+\/invoicing is not reachable: .*ECONNREFUSED/)
      assert.doesNotMatch(error.message, /hunter2|\n/)
      return true
    })
  })
})
