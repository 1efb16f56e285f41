import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ApiGateOptions, Clock } from '@invoicing/core'
import { startHost, type Host, type HostOptions } from '@invoicing/http'

export interface TestHost extends Host {
  /** The host's URL, for `apiClient` and `createTenant`. */
  target: string
  databaseFile: string
  /** Archive and (without SMTP) mail outbox. */
  dataDir: string
  /** Closes the host and removes its database. */
  stop(): Promise<void>
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'invoicing-test-'))

/**
 * A real host listening on a free loopback port, on a fresh SQLite file, for the few tests
 * that need one (route tests use `startTestApp`). Keys are looked up on every request (no
 * cache), so revocations in a test take effect at once.
 */
export async function startTestHost(options: { access?: ApiGateOptions; clock?: Clock; databaseFile?: string; smtpUrl?: string; webhooks?: HostOptions['webhooks'] } = {}): Promise<TestHost> {
  const dir = options.databaseFile ? undefined : tempDir()
  const databaseFile = options.databaseFile ?? join(dir!, 'invoicing.sqlite')
  const dataDir = join(options.databaseFile ? join(options.databaseFile, '..') : dir!, 'data')
  const host = await startHost({
    databaseFile,
    dataDir,
    smtpUrl: options.smtpUrl,
    port: 0,
    access: { keyCacheTtlMs: 0, ...options.access },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
  })
  return {
    ...host,
    target: host.url,
    databaseFile,
    dataDir,
    async stop() {
      await host.close()
      if (dir) rmSync(dir, { recursive: true, force: true })
    },
  }
}
