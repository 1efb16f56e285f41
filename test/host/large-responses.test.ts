// Needs a listening host: how a response is framed on the wire (chunks, Content-Length).
import assert from 'node:assert/strict'
import { get } from 'node:http'
import { describe, it } from 'node:test'
import { createTenant } from '../support/tenant'
import { startTestHost } from '../support/test-host'

/** GET with the raw response: its headers and body as they came, in the chunks they came in. */
function rawGet(url: string, key: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { authorization: `Bearer ${key}` } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, chunks }))
      response.on('error', reject)
    }).on('error', reject)
  })
}

describe('large responses', () => {
  it('writes a page of 100 invoices with 1,000 lines each in chunks as it serialises them, and small pages whole', async () => {
    const host = await startTestHost()
    try {
      const tenant = await createTenant(host, { apiCallQuota: null })
      const customerId = (await tenant.api.post('/customers', { name: 'Baumarkt Süd KG' })).body.data.id
      const lines = Array.from({ length: 1000 }, (_, index) => ({ description: `Position ${index + 1}: Schrauben, 4 × 40 mm`, quantity: 2, unitPrice: '1.25' }))
      const first = await tenant.api.post('/invoices', { customerId, lines })
      assert.equal(first.status, 201)
      // 99 more as copies of the first, written straight to the database.
      const stored = (await host.storage.invoices.get(tenant.company.id, first.body.data.id))!
      for (let index = 1; index < 100; index++) {
        const id = `copy${index}`
        await host.storage.transaction((tx) => tx.invoices.insert({ ...stored, id, number: `ENTWURF-${id}`, lines: stored.lines.map((line, position) => ({ ...line, id: `${id}l${position}` })) }))
      }

      const page = await rawGet(`${host.url}/api/v1/invoices?limit=100`, tenant.key)
      assert.equal(page.status, 200)
      assert.equal(page.headers['content-length'], undefined, 'the page is not measured before it is sent')
      assert.equal(page.headers['transfer-encoding'], 'chunked')
      assert.match(String(page.headers['content-type']), /^application\/json/)
      const body = JSON.parse(Buffer.concat(page.chunks).toString('utf8'))
      assert.equal(body.data.length, 100)
      assert.ok(body.data.every((invoice: { lines: unknown[] }) => invoice.lines.length === 1000))
      assert.deepEqual(body.pagination, { total: 100, limit: 100, offset: 0, hasMore: false })
      assert.deepEqual(body.data.find((invoice: { id: string }) => invoice.id === first.body.data.id).lines[999], first.body.data.lines[999])

      const small = await rawGet(`${host.url}/api/v1/invoices?limit=100&search=nothing-matches`, tenant.key)
      assert.equal(small.headers['content-length'], String(Buffer.concat(small.chunks).length), 'a small page is sent whole')
      assert.deepEqual(JSON.parse(Buffer.concat(small.chunks).toString('utf8')).data, [])
    } finally {
      await host.stop()
    }
  })
})
