import { InvoicingError } from '../../errors'
import type { IdempotencyClaim } from '../../idempotency'
import type { CoreDeps } from '../../ports/deps'
import type { StorageTx } from '../../ports/storage'
import type { Page } from '../../shared/pagination'
import { parseInput } from '../../shared/validation'
import { assertPlatformAdmin, type BlogCaller } from '../blog-caller'
import { createBlogWork, found } from '../blog-work'
import { BlogPageQuerySchema, type BlogPageQuery } from '../posts/post-schemas'
import { storeWithSlug } from '../slugs/slug'
import type { BlogCategory } from './blog-category'
import { CategoryCreateSchema, CategoryUpdateSchema, type CategoryCreateInput, type CategoryUpdateInput } from './category-schemas'

/** Categories of blog posts. */
export function createBlogCategoryService(deps: CoreDeps) {
  const { storage, ids } = deps
  const inBlogWork = createBlogWork(deps)
  const requireCategory = async (tx: StorageTx, id: string) => found(await tx.blog.getCategory(id), 'Category', id)
  return {
    async list(caller: BlogCaller, query: BlogPageQuery = {}): Promise<Page<BlogCategory>> {
      assertPlatformAdmin(caller)
      return storage.blog.listCategories(parseInput(BlogPageQuerySchema, query))
    },

    async get(caller: BlogCaller, id: string): Promise<BlogCategory> {
      assertPlatformAdmin(caller)
      return found(await storage.blog.getCategory(id), 'Category', id)
    },

    async create(caller: BlogCaller, input: CategoryCreateInput, claim?: IdempotencyClaim<BlogCategory>): Promise<BlogCategory> {
      assertPlatformAdmin(caller)
      const fields = parseInput(CategoryCreateSchema, input)
      return inBlogWork(caller, async (unit) => {
        const draft: BlogCategory = { id: ids.next(), slug: '', name: fields.name, description: fields.description ?? null }
        const category = await storeWithSlug(unit.tx.blog, 'categories', draft, fields.slug ? { explicit: fields.slug } : { derivedFrom: fields.name },
          (kept) => unit.tx.blog.insertCategory(kept))
        await unit.audit('BLOG_CATEGORY_CREATED_VIA_API', { type: 'blog_category', id: category.id }, { slug: category.slug, name: category.name })
        return category
      }, claim)
    },

    /** Partial: absent fields stay; the slug changes only when given. */
    async update(caller: BlogCaller, id: string, input: CategoryUpdateInput, claim?: IdempotencyClaim<BlogCategory>): Promise<BlogCategory> {
      assertPlatformAdmin(caller)
      const fields = parseInput(CategoryUpdateSchema, input)
      return inBlogWork(caller, async (unit) => {
        const current = await requireCategory(unit.tx, id)
        const category: BlogCategory = {
          ...current, name: fields.name ?? current.name, slug: fields.slug ?? current.slug,
          description: fields.description === undefined ? current.description : fields.description,
        }
        if (!(await unit.tx.blog.updateCategory(category))) {
          throw new InvoicingError('slug_taken', `Another category has the slug ${category.slug}`, { field: 'slug', slug: category.slug })
        }
        await unit.audit('BLOG_CATEGORY_UPDATED_VIA_API', { type: 'blog_category', id }, { fields: Object.keys(fields) })
        return category
      }, claim)
    },

    /** 409 `category_in_use` while a post has the category. */
    async delete(caller: BlogCaller, id: string, claim?: IdempotencyClaim<void>): Promise<void> {
      return inBlogWork(caller, async (unit) => {
        const category = await requireCategory(unit.tx, id)
        if (await unit.tx.blog.categoryInUse(id)) {
          throw new InvoicingError('category_in_use', `Posts have the category ${category.slug}; take it off them first`)
        }
        await unit.tx.blog.deleteCategory(id)
        await unit.audit('BLOG_CATEGORY_DELETED_VIA_API', { type: 'blog_category', id }, { slug: category.slug })
      }, claim)
    },
  }
}
