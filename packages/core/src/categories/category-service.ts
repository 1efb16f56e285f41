import { createUnitOfWork } from '../unit-of-work'
import * as v from 'valibot'
import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { InvoicingError } from '../errors'
import type { CoreDeps } from '../ports/deps'
import { requiredText } from '../shared/fields'
import { aliased, parseInput } from '../shared/validation'
import type { DocumentCategory } from './document-category'
import { requireCategory } from './require-category'
import type { IdempotencyClaim } from '../idempotency'

export const DocumentCategoryCreateSchema = aliased(v.object({ name: requiredText(100) }))
export type DocumentCategoryCreateInput = v.InferInput<typeof DocumentCategoryCreateSchema>

/** Categories a company sorts its documents into (`documentCategoryId`, the `category_id` filter). */
export function createCategoryService(deps: CoreDeps) {
  const { storage, clock, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  return {
    async create(actor: Actor, input: DocumentCategoryCreateInput, claim?: IdempotencyClaim<DocumentCategory>): Promise<DocumentCategory> {
      const { name } = parseInput(DocumentCategoryCreateSchema, input)
      return inUnitOfWork(actor, async ({ tx, audit }) => {
        const company = await requireCompany(tx, actor)
        const category: DocumentCategory = { id: ids.next(), companyId: company.id, name, createdAt: clock.now().toISOString() }
        await tx.documentCategories.insert(category)
        await audit('DOCUMENT_CATEGORY_CREATED_VIA_API', { type: 'document_category', id: category.id }, { name })
        return category
      }, claim)
    },

    list: (actor: Actor): Promise<DocumentCategory[]> => storage.documentCategories.list(actor.companyId),

    /** A category that documents still use cannot be deleted (409 `category_in_use`). */
    async delete(actor: Actor, id: string): Promise<void> {
      await inUnitOfWork(actor, async ({ tx, audit }) => {
        await requireCategory(tx, actor.companyId, id)
        if (await tx.invoices.existsForCategory(actor.companyId, id) || await tx.orderDocuments.existsForCategory(actor.companyId, id)) {
          throw new InvoicingError('category_in_use', 'Documents use this category; move them to another category first')
        }
        await tx.documentCategories.delete(actor.companyId, id)
        await audit('DOCUMENT_CATEGORY_DELETED_VIA_API', { type: 'document_category', id })
      })
    },
  }
}
