import http from 'node:http'
import https from 'node:https'
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '@invoicing/core'
import { webhookTargetGuard, type WebhookTargetOptions } from './webhook-target'

export { isPublicAddress } from './webhook-target'

/** How much of an answer is read at all; the log keeps less. */
const MAX_RESPONSE_BYTES = 64 * 1024

const refuse = (message: string) => new Error(message)

/**
 * Posts webhooks with node's http(s) client. Unless `allowInsecure`
 * (INVOICING_ALLOW_INSECURE_WEBHOOKS=1), only https URLs whose host resolves to public
 * addresses only are accepted, at creation and again as every delivery connects.
 */
export function createHttpWebhookTransport(options: WebhookTargetOptions = {}): WebhookTransport {
  const target = webhookTargetGuard(options)
  return {
    checkUrl: (url) => target.checkUrl(url),

    post(request: WebhookRequest): Promise<WebhookResponse> {
      return new Promise((resolve, reject) => {
        const url = new URL(request.url)
        const client = url.protocol === 'https:' ? https : http
        try {
          target.checkBeforeConnect(url)
        } catch (error) {
          return reject(error)
        }
        const outgoing = client.request(url, {
          method: 'POST',
          headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body), 'user-agent': 'invoicing-webhooks/1' },
          timeout: request.timeoutMs,
          ...(request.signal ? { signal: request.signal } : {}),
          ...(target.lookup ? { lookup: target.lookup } : {}),
        }, (response) => {
          const chunks: Buffer[] = []
          let size = 0
          response.on('data', (chunk: Buffer) => {
            if (size < MAX_RESPONSE_BYTES) chunks.push(chunk)
            size += chunk.length
          })
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8') }))
          response.on('error', reject)
        })
        // A receiver that does not answer in time counts as a failed attempt.
        outgoing.on('timeout', () => outgoing.destroy(refuse(`no answer within ${request.timeoutMs / 1000} s`)))
        outgoing.on('error', reject)
        outgoing.end(request.body)
      })
    },
  }
}
