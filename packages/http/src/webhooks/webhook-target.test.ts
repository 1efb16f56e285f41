import assert from 'node:assert/strict'
import type { LookupAddress } from 'node:dns'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import { createHttpWebhookTransport } from './http-webhook-transport'
import { canonicalHost, isAllowedWebhookPort, isPublicAddress, webhookTargetGuard, type WebhookTargetOptions } from './webhook-target'

/** A resolver that answers each name from `answers`, one answer per call in turn. */
function fakeDns(answers: Record<string, string[][]>): NonNullable<WebhookTargetOptions['resolve']> {
  const calls = new Map<string, number>()
  return ((hostname: string, _options: unknown, callback: (error: Error | null, addresses: LookupAddress[]) => void) => {
    const turn = calls.get(hostname) ?? 0
    calls.set(hostname, turn + 1)
    const list = answers[hostname]
    if (!list) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), [])
    const addresses = list[Math.min(turn, list.length - 1)]!
    callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })))
  }) as unknown as NonNullable<WebhookTargetOptions['resolve']>
}

describe('webhook target safety', () => {
  it('reads every encoding of an address as the address it reaches', () => {
    const table: Array<[string, string]> = [
      ['127.0.0.1', '127.0.0.1'], ['127.1', '127.0.0.1'], ['127.0.1', '127.0.0.1'], ['2130706433', '127.0.0.1'],
      ['0x7f000001', '127.0.0.1'], ['0x7f.0x0.0x0.0x1', '127.0.0.1'], ['0x7f.1', '127.0.0.1'], ['0177.0.0.1', '127.0.0.1'], ['017700000001', '127.0.0.1'],
      ['127.0.0.1.', '127.0.0.1'], ['127.0.0.1...', '127.0.0.1'], ['[::1]', '::1'], ['[::7f00:1]', '::7f00:1'] /* how the URL parser writes [::127.0.0.1] */, ['::ffff:127.0.0.1', '::ffff:7f00:1'],
      ['[0:0:0:0:0:ffff:7f00:1]', '::ffff:7f00:1'], ['169.254.169.254', '169.254.169.254'], ['0xa9fea9fe', '169.254.169.254'],
      ['Hooks.Example.COM.', 'hooks.example.com'],
    ]
    for (const [written, canonical] of table) assert.equal(canonicalHost(written), canonical, written)
  })

  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified and metadata addresses in any encoding', () => {
    const refused = [
      // loopback in decimal, short, hex, octal, with trailing dots, IPv6, IPv4-mapped and IPv4-compatible IPv6
      '127.0.0.1', '127.1', '2130706433', '0x7f000001', '0x7f.1', '0177.0.0.1', '127.0.0.1.', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::127.0.0.1', '::ffff:7f00:1', '::7f00:1',
      // private
      '10.0.0.1', '012.0.0.1', '167772161', '172.16.5.4', '192.168.1.1', '0xc0a80101', '::ffff:10.0.0.1', '::10.0.0.1', 'fd12::1', 'fc00::1',
      // link-local and cloud metadata
      '169.254.169.254', '0xa9fea9fe', '2852039166', '::ffff:169.254.169.254', 'fe80::1', 'fd00:ec2::254', '100.100.100.200', '192.0.0.192',
      // CGNAT, multicast, unspecified, broadcast, reserved
      '100.64.0.1', '100.127.255.254', '224.0.0.1', '239.255.255.250', 'ff02::1', '0.0.0.0', '0', '::', '255.255.255.255', '240.0.0.1',
      // IPv6 that carries an IPv4 address: NAT64, 6to4, Teredo; documentation
      '64:ff9b::7f00:1', '2002:7f00:1::', '2001::1', '2001:db8::1', '192.0.2.1',
      'not an ip',
    ]
    for (const address of refused) assert.equal(isPublicAddress(address), false, address)
    for (const address of ['93.184.216.34', '1.1.1.1', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '2a00:1450:4001:80b::200e', '::ffff:93.184.216.34']) {
      assert.equal(isPublicAddress(address), true, address)
    }
  })

  it('allows ports 80, 443 and 1024 to 65535 only', () => {
    for (const port of [80, 443, 1024, 8080, 8443, 65535]) assert.equal(isAllowedWebhookPort(port), true, String(port))
    for (const port of [0, 1, 21, 22, 25, 53, 110, 143, 389, 465, 587, 636, 993, 1023, 65536]) assert.equal(isAllowedWebhookPort(port), false, String(port))
  })

  it('refuses URLs by scheme, credentials, port and host encoding, insecure or not where it says so', async () => {
    const strict = webhookTargetGuard({ resolve: fakeDns({ 'hooks.example.com': [['93.184.216.34']] }) })
    const insecure = webhookTargetGuard({ allowInsecure: true, resolve: fakeDns({}) })
    const table: Array<[string, RegExp | null, RegExp | null]> = [
      // url, refusal when strict, refusal when insecure webhooks are allowed
      ['https://hooks.example.com/x', null, null],
      ['https://hooks.example.com:8443/x', null, null],
      ['https://93.184.216.34/x', null, null],
      ['http://hooks.example.com/x', /https/, null],
      ['ftp://hooks.example.com/x', /http or https/, /http or https/],
      ['https://user:pw@hooks.example.com/x', /user name/, /user name/],
      ['https://hooks.example.com:22/x', /port 22/, /port 22/],
      ['https://hooks.example.com:25/x', /port 25/, /port 25/],
      ['https://hooks.example.com:1023/x', /port 1023/, /port 1023/],
      ['http://127.0.0.1:6379/x', /https/, null],
      ['https://127.0.0.1:6379/x', /not a public/, null],
      ['https://127.1/x', /not a public/, null],
      ['https://0x7f.1/x', /not a public/, null],
      ['https://2130706433/x', /not a public/, null],
      ['https://0177.0.0.1/x', /not a public/, null],
      ['https://127.0.0.1./x', /not a public/, null],
      ['https://127.0.0.1.../x', /not a public/, null],
      ['https://[::127.0.0.1]/x', /not a public/, null],
      ['https://[::ffff:127.0.0.1]/x', /not a public/, null],
      ['https://[::1]/x', /not a public/, null],
      ['https://169.254.169.254/latest/meta-data', /not a public/, null],
      ['https://[fd00:ec2::254]/x', /not a public/, null],
      ['https://100.100.100.200/x', /not a public/, null],
    ]
    for (const [url, strictRefusal, insecureRefusal] of table) {
      for (const [guard, refusal, mode] of [[strict, strictRefusal, 'strict'], [insecure, insecureRefusal, 'insecure']] as const) {
        if (refusal) await assert.rejects(guard.checkUrl(url), refusal, `${mode} ${url}`)
        else await guard.checkUrl(url)
        if (refusal) assert.throws(() => guard.checkBeforeConnect(new URL(url)), refusal, `${mode} ${url} at delivery`)
      }
    }
  })

  it('resolves names and refuses one with any non-public address, in any of its answers', async () => {
    const guard = webhookTargetGuard({
      resolve: fakeDns({
        'mixed.example': [['93.184.216.34', '10.0.0.1']],
        'v6-loopback.example': [['93.184.216.34', '::1']],
        'compat.example': [['::127.0.0.1']],
        'metadata.example': [['169.254.169.254']],
        'public.example': [['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']],
      }),
    })
    for (const name of ['mixed.example', 'v6-loopback.example', 'compat.example', 'metadata.example']) {
      await assert.rejects(guard.checkUrl(`https://${name}/x`), /not a public address/, name)
    }
    await assert.rejects(guard.checkUrl('https://nowhere.example/x'), /ENOTFOUND/)
    await guard.checkUrl('https://public.example/x')
  })

  it('checks the addresses again as a delivery connects: a name that turns private after the check is never connected to', async () => {
    let connections = 0
    const server = createServer((socket) => {
      connections++
      socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      // Public when the endpoint is checked, loopback from then on (DNS rebinding).
      const transport = createHttpWebhookTransport({ resolve: fakeDns({ 'rebind.example': [['93.184.216.34'], ['127.0.0.1']] }) })
      const url = `https://rebind.example:${port}/hook`
      await transport.checkUrl(url)
      await assert.rejects(transport.post({ url, headers: {}, body: '{}', timeoutMs: 2000 }), /127\.0\.0\.1, which is not a public address/)
      for (const literal of [`https://127.0.0.1:${port}/hook`, `https://127.1:${port}/hook`, `https://[::ffff:127.0.0.1]:${port}/hook`]) {
        await assert.rejects(transport.post({ url: literal, headers: {}, body: '{}', timeoutMs: 2000 }), /not a public address/, literal)
      }
      assert.equal(connections, 0)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
