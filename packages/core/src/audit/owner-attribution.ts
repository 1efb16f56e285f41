import type { StorageTx } from '../ports/storage'

/**
 * Cancellations through the API are attributed to the company's earliest owner.
 * The engine has no user accounts: the owner is the company's earliest API key, the one made
 * with the company. The acting key stays the entry's `apiKeyId`.
 */
export async function ownerAttribution(tx: StorageTx, companyId: string): Promise<{ attributedToApiKeyId: string | null }> {
  const [earliest] = await tx.apiKeys.listByCompany(companyId)
  return { attributedToApiKeyId: earliest?.id ?? null }
}
