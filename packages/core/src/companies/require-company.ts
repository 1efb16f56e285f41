import type { Actor } from '../access'
import { notFound } from '../errors'
import type { StorageReader, StorageTx } from '../ports/storage'
import type { Company } from './company'

/** The company an actor acts for; it can only be missing if it was never created. */
export async function requireCompany(reader: StorageReader | StorageTx, actor: Actor): Promise<Company> {
  const company = await reader.companies.get(actor.companyId)
  if (!company) throw notFound('Company')
  return company
}
