import { createUnitOfWork } from '../unit-of-work'
import type { Actor } from '../access'
import { requireCompany } from '../companies'
import { InvoicingError, notFound } from '../errors'
import type { CoreDeps } from '../ports/deps'
import type { StorageTx } from '../ports/storage'
import type { Page } from '../shared/pagination'
import { withChanges } from '../shared/changes'
import { parseInput } from '../shared/validation'
import type { Product } from './product'
import {
  ProductCreateSchema, ProductListQuerySchema, ProductUpdateSchema,
  type ProductCreateInput, type ProductListQuery, type ProductUpdateInput,
} from './product-schemas'
import type { IdempotencyClaim } from '../idempotency'

export function createProductService(deps: CoreDeps) {
  const { storage, clock, ids } = deps
  const inUnitOfWork = createUnitOfWork(deps)
  async function assertNumberFree(tx: StorageTx, companyId: string, productNumber: string | null | undefined, exceptId?: string) {
    if (!productNumber) return
    const holder = await tx.products.findByNumber(companyId, productNumber)
    if (holder && holder.id !== exceptId) {
      throw new InvoicingError('product_number_taken', `Product number ${productNumber} is already taken`, { productNumber })
    }
  }

  return {
    async create(actor: Actor, input: ProductCreateInput, claim?: IdempotencyClaim<Product>): Promise<Product> {
      const fields = parseInput(ProductCreateSchema, input)
      return inUnitOfWork(actor, async ({ tx, audit }) => {
        const company = await requireCompany(tx, actor)
        await assertNumberFree(tx, company.id, fields.productNumber)
        const now = clock.now().toISOString()
        const product: Product = {
          id: ids.next(),
          companyId: company.id,
          productNumber: fields.productNumber ?? null,
          name: fields.name,
          description: fields.description ?? null,
          unitPrice: fields.unitPrice ?? '0',
          taxRate: fields.taxRate ?? null,
          unit: fields.unit ?? null,
          lineType: fields.lineType ?? 'PRODUCT',
          createdAt: now,
          updatedAt: now,
        }
        await tx.products.insert(product)
        await audit('PRODUCT_CREATED_VIA_API', { type: 'product', id: product.id }, { productNumber: product.productNumber })
        return product
      }, claim)
    },

    async list(actor: Actor, query: ProductListQuery = {}): Promise<Page<Product>> {
      const { search, limit, offset } = parseInput(ProductListQuerySchema, query)
      return storage.products.list(actor.companyId, { search, limit, offset })
    },

    async get(actor: Actor, id: string): Promise<Product> {
      const product = await storage.products.get(actor.companyId, id)
      if (!product) throw notFound('Product')
      return product
    },

    /** Changes the given fields; `null` clears an optional one. */
    async update(actor: Actor, id: string, input: ProductUpdateInput): Promise<Product> {
      const changes = parseInput(ProductUpdateSchema, input)
      return inUnitOfWork(actor, async ({ tx, audit }) => {
        const current = await tx.products.get(actor.companyId, id)
        if (!current) throw notFound('Product')
        await assertNumberFree(tx, actor.companyId, changes.productNumber, id)
        const updated = withChanges(current, { ...changes, updatedAt: clock.now().toISOString() })
        await tx.products.update(updated)
        await audit('PRODUCT_UPDATED_VIA_API', { type: 'product', id }, { changedFields: Object.keys(changes) })
        return updated
      })
    },

    /** Lines that named the product keep their copied data, so deleting is always allowed. */
    async delete(actor: Actor, id: string): Promise<void> {
      await inUnitOfWork(actor, async ({ tx, audit }) => {
        if (!(await tx.products.get(actor.companyId, id))) throw notFound('Product')
        await tx.products.delete(actor.companyId, id)
        await audit('PRODUCT_DELETED_VIA_API', { type: 'product', id })
      })
    },
  }
}

export type ProductService = ReturnType<typeof createProductService>
