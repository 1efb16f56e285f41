import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
  json: any
  /** The status the receiver answered. */
  answered: number
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** The next `count` requests are answered with `status` (then 200 again). */
  failNext(count: number, status?: number, body?: string): void
  /** Resolves once `count` requests arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>
  close(): Promise<void>
}

/** A local HTTP receiver of webhooks, as an integrator would run one. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  const failures: { status: number; body: string }[] = []
  const waiters: (() => void)[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const failure = failures.shift()
      const answered = failure?.status ?? 200
      received.push({ headers: request.headers, body, json: JSON.parse(body), answered })
      response.writeHead(answered, { 'content-type': 'text/plain' }).end(failure?.body ?? 'ok')
      for (const wake of waiters.splice(0)) wake()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${bound}/hooks`,
    received,
    failNext(count, status = 500, body = 'down') {
      for (let index = 0; index < count; index++) failures.push({ status, body })
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, received ${received.length}: ${received.map((each) => each.json.type).join(', ')}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
      return received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Verifies a delivery as a consumer would, with the Standard Webhooks library; returns its body. */
export const verified = (secret: string, delivery: ReceivedWebhook) =>
  new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  }) as { id: string; type: string; createdAt: string; companyId: string; data: any }
