// Needs a real host: `invoicing serve` on PostgreSQL gets SIGTERM while a request is in flight.
import assert from 'node:assert/strict'
import { request } from 'node:http'
import { after, before, describe, it } from 'node:test'
import { testDatabase, type TestDatabase } from '@invoicing/storage-postgres/testing'
import { apiClient } from '../support/api-client'
import { startServe } from '../support/cli'

describe('invoicing serve on PostgreSQL stopped with SIGTERM', { timeout: 120_000 }, () => {
  let database: TestDatabase
  before(async () => { database = await testDatabase() })
  after(async () => { await database?.drop() })

  it('finishes the request in flight, which writes to the database after the signal, then exits 0', async () => {
    const serve = await startServe({ INVOICING_DATABASE_URL: database.url })
    try {
      const key = /sk_live_[A-Za-z0-9_-]+/.exec(serve.stdout())?.[0]
      assert.ok(key, serve.stdout())
      assert.equal((await apiClient(serve.url, key).get('/company')).status, 200)

      // The body arrives in two parts, the second after SIGTERM: the host reads it and writes
      // the customer only then, on the database pool that the shutdown closes last.
      const body = Buffer.from(JSON.stringify({ name: 'Kunde im Flug' }))
      const url = new URL(`${serve.url}/api/v1/customers`)
      const inFlight = request(url, {
        method: 'POST', agent: false,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': String(body.length) },
      })
      const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
        inFlight.on('response', (response) => {
          let text = ''
          response.setEncoding('utf8').on('data', (chunk) => { text += chunk }).on('end', () => resolve({ status: response.statusCode!, text }))
        }).on('error', reject)
      })
      inFlight.write(body.subarray(0, 5))
      await new Promise((resolve) => setTimeout(resolve, 500))
      const exited = serve.stop('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await assert.rejects(fetch(`${serve.url}/api/v1/company`), 'a closing host takes no new connection')
      inFlight.end(body.subarray(5))

      const { status, text } = await answered
      assert.equal(status, 201, text)
      assert.equal(JSON.parse(text).data.name, 'Kunde im Flug')
      assert.equal(await exited, 0, serve.stderr())
    } finally {
      serve.child.kill('SIGKILL')
    }
  })
})
