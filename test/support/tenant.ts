import { companyActor, type ApiKeyCreateInput, type Company, type CompanyCreateInput, type Invoicing } from '@invoicing/core'
import { apiClient, type ApiClient, type ApiTarget } from './api-client'

export interface Tenant {
  company: Company
  key: string
  api: ApiClient
}

/** A company with one API key (all scopes unless given) and a client using that key, on an in-process app or a listening host. */
export async function createTenant(
  server: { invoicing: Invoicing; target: ApiTarget }, company: Partial<CompanyCreateInput> = {}, key: ApiKeyCreateInput = {},
): Promise<Tenant> {
  const created = await server.invoicing.companies.create({ name: 'Test GmbH', ...company })
  const { secret } = await server.invoicing.apiKeys.create(companyActor(created.id), key)
  return { company: created, key: secret, api: apiClient(server.target, secret) }
}
