import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '@invoicing/core'
import ipaddr from 'ipaddr.js'

/** How much of an answer is read at all; the log keeps less. */
const MAX_RESPONSE_BYTES = 64 * 1024

/** Only globally routable unicast addresses receive webhooks (no loopback, private, link-local, CGNAT, …). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.process(address) // IPv4-mapped IPv6 reads as the IPv4 address
  return parsed.range() === 'unicast'
}

const refuse = (message: string) => new Error(message)

/**
 * Resolves like dns.lookup but refuses names with any non-public address: the socket connects
 * to exactly the addresses checked, so a DNS answer cannot change between check and connect.
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0)
    const blocked = addresses.find((each) => !isPublicAddress(each.address))
    if (blocked || addresses.length === 0) {
      return callback(refuse(`${hostname} resolves to ${blocked?.address ?? 'no address'}, which is not a public address`), '', 0)
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

function resolvesPublicly(hostname: string): Promise<void> {
  return new Promise((resolve, reject) => {
    publicLookup(hostname, { all: true }, (error) => (error ? reject(error) : resolve()))
  })
}

/**
 * Posts webhooks with node's http(s) client. Unless `allowInsecure`
 * (INVOICING_ALLOW_INSECURE_WEBHOOKS=1), only https URLs whose host resolves to public
 * addresses only are accepted, at creation and again at every delivery.
 */
export function createHttpWebhookTransport({ allowInsecure = false }: { allowInsecure?: boolean } = {}): WebhookTransport {
  return {
    async checkUrl(url) {
      const parsed = new URL(url)
      if (parsed.username || parsed.password) throw refuse('must not carry a user name or password')
      if (allowInsecure) return
      if (parsed.protocol !== 'https:') throw refuse('must be an https URL')
      const hostname = parsed.hostname.replace(/^\[|\]$/g, '')
      if (ipaddr.isValid(hostname)) {
        if (!isPublicAddress(hostname)) throw refuse(`${hostname} is not a public address`)
        return
      }
      await resolvesPublicly(hostname)
    },

    post(request: WebhookRequest): Promise<WebhookResponse> {
      return new Promise((resolve, reject) => {
        const url = new URL(request.url)
        const client = url.protocol === 'https:' ? https : http
        if (!allowInsecure && url.protocol !== 'https:') return reject(refuse('must be an https URL'))
        const outgoing = client.request(url, {
          method: 'POST',
          headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body), 'user-agent': 'invoicing-webhooks/1' },
          timeout: request.timeoutMs,
          ...(request.signal ? { signal: request.signal } : {}),
          ...(allowInsecure ? {} : { lookup: publicLookup }),
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
