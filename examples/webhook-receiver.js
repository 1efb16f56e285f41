// @ts-check
// A webhook receiver as an integrator writes one: it checks each message's Standard Webhooks
// signature with the `standardwebhooks` package before trusting it, and answers 400 otherwise.
// Run it with `WEBHOOK_SECRET=whsec_… node examples/webhook-receiver.js` (PORT default 4000).
import { createServer } from 'node:http'
import { Webhook } from 'standardwebhooks'

const secret = process.env.WEBHOOK_SECRET
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the whsec_… secret that POST /api/v1/webhooks answered.')
  process.exit(2)
}
const webhook = new Webhook(secret)
const port = Number(process.env.PORT || 4000)

const server = createServer((request, response) => {
  /** @type {Buffer[]} */
  const chunks = []
  request.on('data', (chunk) => chunks.push(chunk))
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8')
    try {
      // Checks webhook-id, webhook-timestamp (at most 5 minutes off) and webhook-signature.
      const event = /** @type {{ type: string, data: unknown }} */ (webhook.verify(body, /** @type {Record<string, string>} */ (request.headers)))
      console.log(`verified ${event.type} ${request.headers['webhook-id']}`)
      response.writeHead(204).end()
    } catch (error) {
      console.log(`rejected: ${/** @type {Error} */ (error).message}`)
      response.writeHead(400).end()
    }
  })
})
server.listen(port, '127.0.0.1', () => {
  const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address())
  console.log(`webhook receiver on http://127.0.0.1:${bound}/`)
})
