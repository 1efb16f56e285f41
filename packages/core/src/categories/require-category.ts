import { notFound } from '../errors'
import type { StorageTx } from '../ports/storage'
import type { DocumentCategory } from './document-category'

export async function requireCategory(tx: StorageTx, companyId: string, id: string): Promise<DocumentCategory> {
  const category = await tx.documentCategories.get(companyId, id)
  if (!category) throw notFound('Document category')
  return category
}
