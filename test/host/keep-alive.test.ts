// Needs a listening host: keep-alive is a property of its sockets.
import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { createTenant } from '../support/tenant'
import { startTestHost } from '../support/test-host'

// 400 connections are 800 sockets in this process (client and host ends), well under a 1,024 file limit.
const CONNECTIONS = 400
// Two idle gaps per connection: 800 gaps in all, spread across the timeout's edge.
const REQUESTS_PER_CONNECTION = 3
/**
 * Idle gaps between requests on one connection, 5 to 7 s: on both sides of when Node closes an
 * idle connection by default (its 5 s keep-alive timeout plus a second of grace on Node 20).
 */
const GAP_MS = { min: 5_000, max: 7_000 }

/**
 * One keep-alive connection written by hand, as a client pool that reuses an idle socket
 * without waiting for the server's Keep-Alive hint does: the next request goes on the same
 * socket after the gap, and a socket the host closed meanwhile shows as a failed request.
 */
class KeepAliveConnection {
  private buffered = Buffer.alloc(0)
  private closed: string | undefined
  private wake: (() => void) | undefined

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk])
      this.wake?.()
    })
    const close = (reason: string) => {
      this.closed ??= reason
      this.wake?.()
    }
    socket.on('end', () => close('the host closed the connection'))
    socket.on('error', (error: NodeJS.ErrnoException) => close(`socket error ${error.code ?? error.message}`))
    socket.on('close', () => close('the connection closed'))
  }

  static open(port: number): Promise<KeepAliveConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new KeepAliveConnection(socket)))
      socket.once('error', reject)
    })
  }

  /** Sends one POST and reads its response; throws when the connection is gone before the answer. */
  async post(path: string, key: string, body: string): Promise<number> {
    if (this.closed) throw new Error(`before the request: ${this.closed}`)
    this.socket.write([
      `POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive', `Authorization: Bearer ${key}`,
      'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, '', body,
    ].join('\r\n'))
    for (;;) {
      const end = this.buffered.indexOf('\r\n\r\n')
      if (end >= 0) {
        const head = this.buffered.subarray(0, end).toString('latin1')
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN)
        assert.ok(Number.isInteger(length), `a response without Content-Length: ${head}`)
        if (this.buffered.length >= end + 4 + length) {
          this.buffered = this.buffered.subarray(end + 4 + length)
          return Number(head.split(' ')[1])
        }
      }
      if (this.closed) throw new Error(`during the request: ${this.closed}`)
      await new Promise<void>((resolve) => { this.wake = resolve })
    }
  }

  close(): void {
    this.socket.destroy()
  }
}

describe('keep-alive', () => {
  it(`answers ${CONNECTIONS * REQUESTS_PER_CONNECTION} POSTs on ${CONNECTIONS} keep-alive connections with idle gaps of about 5 s, without a reset`, async () => {
    const host = await startTestHost({ access: { requestsPerMinute: 1_000_000 } })
    const connections: KeepAliveConnection[] = []
    try {
      const tenant = await createTenant(host, { apiCallQuota: null })
      const statuses = new Map<number, number>()
      const failures: string[] = []
      const port = Number(new URL(host.url).port)
      const started = performance.now()
      await Promise.all(Array.from({ length: CONNECTIONS }, async (_, index) => {
        // Starts spread over a second, so the connections' requests and gaps overlap.
        await sleep((index * 1000) / CONNECTIONS)
        const connection = await KeepAliveConnection.open(port)
        connections.push(connection)
        for (let request = 0; request < REQUESTS_PER_CONNECTION; request++) {
          if (request > 0) await sleep(GAP_MS.min + Math.random() * (GAP_MS.max - GAP_MS.min))
          try {
            const status = await connection.post('/api/v1/customers', tenant.key, JSON.stringify({ name: `Kunde ${index}-${request}` }))
            statuses.set(status, (statuses.get(status) ?? 0) + 1)
          } catch (error) {
            failures.push(`connection ${index}, request ${request}: ${(error as Error).message}`)
            return
          }
        }
      }))
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      console.log(`keep-alive: ${CONNECTIONS * REQUESTS_PER_CONNECTION} POSTs planned on ${CONNECTIONS} connections in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}; failed connections ${failures.length}`)
      assert.deepEqual(failures.slice(0, 5), [], `${failures.length} connections were reset or closed`)
      assert.deepEqual(Object.fromEntries(statuses), { 201: CONNECTIONS * REQUESTS_PER_CONNECTION })
    } finally {
      for (const connection of connections) connection.close()
      await host.stop()
    }
  })
})
