import { parseArgs } from 'node:util'
import {
  companyActor, createInvoicing, type ApiKey, type ApiKeyCreateInput, type CompanyCreateInput, type CompanyUpdateInput, type Invoicing,
} from '@invoicing/core'
import { openStorage } from '../databases'
import { createJsonLogger } from '../logger'
import { toCompanyResponse } from '../responses/company'
import { assertNoNulCharacter } from '../routes/nul-characters'
import type { HostConfig } from './config'
import { UsageError } from './usage-error'

async function withEngine<T>(config: HostConfig, work: (invoicing: Invoicing) => Promise<T>): Promise<T> {
  const storage = await openStorage(config.database, { logger: createJsonLogger(config.logLevel) })
  const invoicing = createInvoicing({ storage })
  try {
    return await work(invoicing)
  } finally {
    await invoicing.close()
    await storage.close()
  }
}

function jsonOption(value: string | undefined): unknown {
  if (value === undefined) throw new UsageError('--json \'<object>\' is required')
  let input: unknown
  try {
    input = JSON.parse(value)
  } catch (error) {
    throw new UsageError(`--json is not valid JSON: ${(error as Error).message}`)
  }
  // As over HTTP: no database stores U+0000 alike (PostgreSQL refuses it).
  assertNoNulCharacter(input, '')
  return input
}

function oneId(positionals: string[], what: string): string {
  if (positionals.length !== 1 || !positionals[0]) throw new UsageError(`expected exactly one ${what}`)
  return positionals[0]
}

const keyListing = ({ keyHash: _, companyId: __, ...key }: ApiKey) => key

/** `company …` and `key …`: operator commands that print JSON. Core validates the JSON given. */
export async function runAdminCommand(group: string, action: string | undefined, args: string[], config: HostConfig): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'string' },
      company: { type: 'string' },
      scopes: { type: 'string' },
      'platform-admin': { type: 'boolean' },
      name: { type: 'string' },
    },
  })
  const command = `${group} ${action ?? ''}`.trim()
  switch (command) {
    case 'company create': {
      const input = jsonOption(values.json)
      return withEngine(config, async ({ companies }) => toCompanyResponse(await companies.create(input as CompanyCreateInput)))
    }
    case 'company update': {
      const id = oneId(positionals, 'company id')
      const input = jsonOption(values.json)
      return withEngine(config, async ({ companies }) => toCompanyResponse(await companies.update(companyActor(id), input as CompanyUpdateInput)))
    }
    case 'company show': {
      const id = oneId(positionals, 'company id')
      return withEngine(config, async ({ companies }) => toCompanyResponse(await companies.get(companyActor(id))))
    }
    case 'key create': {
      if (!values.company) throw new UsageError('--company <companyId> is required')
      const input = {
        ...(values.name !== undefined ? { name: values.name } : {}),
        ...(values.scopes !== undefined ? { scopes: values.scopes.split(',').map((scope) => scope.trim()).filter(Boolean) } : {}),
        platformAdmin: values['platform-admin'] ?? false,
      }
      return withEngine(config, async ({ apiKeys }) => {
        const { apiKey, secret } = await apiKeys.create(companyActor(values.company!), input as ApiKeyCreateInput)
        return { id: apiKey.id, key: secret, name: apiKey.name, scopes: apiKey.scopes, platformAdmin: apiKey.platformAdmin }
      })
    }
    case 'key list': {
      if (!values.company) throw new UsageError('--company <companyId> is required')
      return withEngine(config, async ({ apiKeys }) => (await apiKeys.list(companyActor(values.company!))).map(keyListing))
    }
    case 'key revoke': {
      const id = oneId(positionals, 'key id')
      return withEngine(config, async ({ apiKeys }) => keyListing(await apiKeys.revoke(id)))
    }
    default:
      throw new UsageError(`unknown command: ${command}`)
  }
}
