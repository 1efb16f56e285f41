import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  companyActor, type ApiGateOptions, type ApiKeyCreateInput, type Clock, type Company, type CompanyCreateInput,
} from '@invoicing/core'
import { startHost, type Host, type HostOptions } from '@invoicing/http'
import { apiClient, type ApiClient } from './api-client'

export interface TestHost extends Host {
  databaseFile: string
  /** Archive and (without SMTP) mail outbox. */
  dataDir: string
  /** Closes the host and removes its database. */
  stop(): Promise<void>
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'invoicing-test-'))

/**
 * A real host listening on a free loopback port, on a fresh SQLite file. Keys are looked up
 * on every request (no cache), so revocations in a test take effect at once.
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
    databaseFile,
    dataDir,
    async stop() {
      await host.close()
      if (dir) rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Tenant {
  company: Company
  key: string
  api: ApiClient
}

/** A company with one API key (all scopes unless given) and a client using that key. */
export async function createTenant(host: Host, company: Partial<CompanyCreateInput> = {}, key: ApiKeyCreateInput = {}): Promise<Tenant> {
  const created = await host.invoicing.companies.create({ name: 'Test GmbH', ...company })
  const { secret } = await host.invoicing.apiKeys.create(companyActor(created.id), key)
  return { company: created, key: secret, api: apiClient(host.url, secret) }
}
