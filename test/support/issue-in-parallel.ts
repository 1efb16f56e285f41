import assert from 'node:assert/strict'
import type { ApiClient } from './api-client'
import { documentedResponses } from './documented'

/** How many documents `issueInParallel` issues. */
export const DOCUMENTS = 20

/** RE-<year>-00001 to RE-<year>-<count>. */
export const expectedNumbers = (year: string, count = DOCUMENTS) =>
  Array.from({ length: count }, (_, index) => `RE-${year}-${String(index + 1).padStart(5, '0')}`)

/**
 * Creates `count` drafts (default 20), then issues them all at once (FINAL and SENT alternating),
 * spreading the requests over `clients` (one per host). Returns the numbers they got, sorted,
 * and the year.
 */
export async function issueInParallel(clients: ApiClient[], count = DOCUMENTS) {
  const [first] = clients
  const documented = documentedResponses((await first!.get('/openapi.json')).body)
  const customer = (await first!.post('/customers', { name: 'Parallel KG' })).body.data
  const drafts = await Promise.all(Array.from({ length: count }, (_, index) =>
    clients[index % clients.length]!.post('/invoices', { customerId: customer.id, lines: [{ description: `Posten ${index}`, unitPrice: index + 1 }] })))
  assert.deepEqual(drafts.map((response) => response.status), Array(count).fill(201), drafts.find((response) => response.status !== 201)?.text)
  const issued = await Promise.all(drafts.map((draft, index) =>
    clients[(index + 1) % clients.length]!.put(`/invoices/${draft.body.data.id}`, { status: index % 2 === 0 ? 'FINAL' : 'SENT' })))
  assert.deepEqual(issued.map((response) => response.status), Array(count).fill(200), issued.find((response) => response.status !== 200)?.text)
  for (const response of drafts) documented('POST', '/api/v1/invoices', response)
  for (const response of issued) documented('PUT', '/api/v1/invoices/{id}', response)
  const numbers = issued.map((response) => response.body.data.invoiceNumber as string)
  // What each answer said is what every host reads afterwards.
  for (const [index, draft] of drafts.entries()) {
    const read = await clients[index % clients.length]!.get(`/invoices/${draft.body.data.id}`)
    documented('GET', '/api/v1/invoices/{id}', read)
    assert.equal(read.body.data.invoiceNumber, numbers[index])
    assert.equal(read.body.data.status, index % 2 === 0 ? 'FINAL' : 'SENT')
  }
  return { numbers: [...numbers].sort(), year: drafts[0]!.body.data.issueDate.slice(0, 4) as string }
}
