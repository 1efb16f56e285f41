import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, type LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Ranges ipaddr.js calls unicast that must never receive webhooks: IPv4-compatible IPv6
 * (`::127.0.0.1`, deprecated, and routed to the embedded IPv4 address by some stacks).
 */
const NEVER_PUBLIC = new BlockList()
NEVER_PUBLIC.addSubnet('::', 96, 'ipv6')

/** The web's own ports and the unprivileged ones: never SSH, SMTP, a database or another service below 1024. */
export const isAllowedWebhookPort = (port: number): boolean => port === 80 || port === 443 || (port >= 1024 && port <= 65535)

/**
 * The host as a socket would reach it: without brackets and trailing dots, lower case, and an
 * IP address in its one canonical form whichever way it was written (`127.1`, `0x7f.1`,
 * `2130706433`, `0177.0.0.1`, `[::ffff:7f00:1]`). ipaddr.js parses every legacy IPv4 form the
 * URL standard and inet_aton accept, so the check sees the address the connection would use.
 */
export function canonicalHost(hostname: string): string {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '').toLowerCase()
  return ipaddr.isValid(bare) ? ipaddr.parse(bare).toString() : bare
}

/**
 * Only globally routable unicast addresses receive webhooks: not loopback, private, link-local
 * (cloud metadata at 169.254.169.254), CGNAT, multicast, unspecified, reserved or documentation
 * ranges, nor IPv6 forms that carry one of those (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo).
 */
export function isPublicAddress(address: string): boolean {
  const host = canonicalHost(address)
  if (!ipaddr.isValid(host)) return false
  const parsed = ipaddr.parse(host)
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString())
    if (NEVER_PUBLIC.check(host, 'ipv6')) return false
  }
  return parsed.range() === 'unicast'
}

const refuse = (message: string) => new Error(message)

export interface WebhookTargetOptions {
  /** INVOICING_ALLOW_INSECURE_WEBHOOKS=1: http and private addresses are allowed (local development). */
  allowInsecure?: boolean
  /** Name resolution, dns.lookup by default (tests give their own answers). */
  resolve?: typeof dnsLookup
}

/**
 * Which URLs may receive webhooks: http(s) without credentials on an allowed port; unless
 * insecure targets are allowed, https only and public addresses only, whatever the encoding of
 * the host, and every address a name resolves to, checked again as each delivery connects.
 */
export function webhookTargetGuard({ allowInsecure = false, resolve = dnsLookup }: WebhookTargetOptions = {}) {
  /**
   * dns.lookup that refuses a name with any non-public address. Given to the request as its
   * `lookup`, the socket connects to exactly the addresses checked: a DNS answer cannot change
   * between the check and the connection (DNS rebinding).
   */
  const publicLookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const blocked = addresses.find((each) => !isPublicAddress(each.address))
      if (blocked || addresses.length === 0) {
        return callback(refuse(`${hostname} resolves to ${blocked?.address ?? 'no address'}, which is not a public address`), '', 0)
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0]!.address, addresses[0]!.family)
    })
  }

  /** What the URL itself says: scheme, credentials, port and an address written as the host. */
  function checkForm(url: URL): { host: string; isAddress: boolean } {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('must be an http or https URL')
    if (url.username || url.password) throw refuse('must not carry a user name or password')
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
    if (!isAllowedWebhookPort(port)) throw refuse(`port ${port} is not allowed; use 80, 443 or 1024 to 65535`)
    if (!allowInsecure && url.protocol !== 'https:') throw refuse('must be an https URL')
    const host = canonicalHost(url.hostname)
    const isAddress = ipaddr.isValid(host)
    if (!allowInsecure && isAddress && !isPublicAddress(host)) throw refuse(`${host} is not a public address`)
    return { host, isAddress }
  }

  return {
    /** At creation and change: the URL, and every address its name resolves to now. */
    async checkUrl(text: string): Promise<void> {
      const { host, isAddress } = checkForm(new URL(text))
      if (allowInsecure || isAddress) return
      await new Promise<void>((resolve, reject) => {
        publicLookup(host, { all: true }, (error) => (error ? reject(error) : resolve()))
      })
    },
    /**
     * Before a delivery connects: the URL's form and an address written as its host (a socket
     * to an address asks no `lookup`); names are checked by {@link lookup} as the socket connects.
     */
    checkBeforeConnect: (url: URL): void => void checkForm(url),
    /** The `lookup` option of every delivery request; none when insecure targets are allowed. */
    lookup: allowInsecure ? undefined : publicLookup,
  }
}
