// Needs real hosts: two `invoicing serve` processes on one database file, so the send
// reservation holds across processes, not only across the engines of one process (test/api).
import assert from 'node:assert/strict'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { apiClient, type ApiClient } from '../support/api-client'
import { runCli, startServe } from '../support/cli'
import { startSmtpReceiver } from '../support/smtp-receiver'
import { tempDir } from '../support/test-host'

const COMPANY = { name: 'Holzwerkstatt Schäfer GmbH', email: 'rechnung@schaefer.example', vatId: 'DE287654321', street: 'Am Sägewerk 12', zipCode: '79098', city: 'Freiburg' }

async function createDraft(api: ApiClient) {
  const created = (await api.post('/customers', { name: 'Gasthaus Zur Krone', email: 'buchhaltung@krone.example' })).body.data
  return (await api.post('/invoices', { customerId: created.id, lines: [{ description: 'Esstisch Eiche massiv', quantity: 2, unitPrice: '2380' }] })).body.data as { id: string }
}

describe('the send reservation across processes', () => {
  it('holds across two `invoicing serve` processes on one database: one mail, the rest 409', async () => {
    const smtp = await startSmtpReceiver({ delayMs: 500 })
    const dir = tempDir()
    const env = { INVOICING_DB: join(dir, 'shared.sqlite'), INVOICING_DATA_DIR: join(dir, 'data'), INVOICING_NO_DEMO: '1', SMTP_URL: smtp.url }
    try {
      const company = runCli(['company', 'create', '--json', JSON.stringify(COMPANY)], env)
      assert.equal(company.status, 0, company.stderr)
      const { key } = runCli(['key', 'create', '--company', company.json().id], env).json()
      const processes = await Promise.all([startServe(env), startServe(env)])
      try {
        const clients = processes.map((serve) => apiClient(serve.url, key))
        const draft = await createDraft(clients[0]!)
        const responses = await Promise.all(clients.flatMap((client) => [client, client].map((each) => each.post(`/invoices/${draft.id}/send`))))
        assert.deepEqual(responses.map((response) => response.status).sort(), [200, 409, 409, 409], responses.map((response) => response.text).join('\n'))
        assert.equal(smtp.received.length, 1)
        const invoice = (await clients[1]!.get(`/invoices/${draft.id}`)).body.data
        assert.equal(invoice.status, 'SENT')
      } finally {
        const codes = await Promise.all(processes.map((serve) => serve.stop()))
        assert.deepEqual(codes, [0, 0], processes.map((serve) => serve.stderr()).join('\n'))
      }
    } finally {
      await smtp.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
