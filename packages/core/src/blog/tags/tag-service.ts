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
import type { BlogTag } from './blog-tag'
import { TagCreateSchema, TagUpdateSchema, type TagCreateInput, type TagUpdateInput } from './tag-schemas'

/** Tags of blog posts. */
export function createBlogTagService(deps: CoreDeps) {
  const { storage, ids } = deps
  const inBlogWork = createBlogWork(deps)
  const requireTag = async (tx: StorageTx, id: string) => found(await tx.blog.getTag(id), 'Tag', id)
  return {
    async list(caller: BlogCaller, query: BlogPageQuery = {}): Promise<Page<BlogTag>> {
      assertPlatformAdmin(caller)
      return storage.blog.listTags(parseInput(BlogPageQuerySchema, query))
    },

    async get(caller: BlogCaller, id: string): Promise<BlogTag> {
      assertPlatformAdmin(caller)
      return found(await storage.blog.getTag(id), 'Tag', id)
    },

    async create(caller: BlogCaller, input: TagCreateInput, claim?: IdempotencyClaim<BlogTag>): Promise<BlogTag> {
      assertPlatformAdmin(caller)
      const fields = parseInput(TagCreateSchema, input)
      return inBlogWork(caller, async (unit) => {
        const draft: BlogTag = { id: ids.next(), slug: '', name: fields.name }
        const tag = await storeWithSlug(unit.tx.blog, 'tags', draft, fields.slug ? { explicit: fields.slug } : { derivedFrom: fields.name },
          (kept) => unit.tx.blog.insertTag(kept))
        await unit.audit('BLOG_TAG_CREATED_VIA_API', { type: 'blog_tag', id: tag.id }, { slug: tag.slug, name: tag.name })
        return tag
      }, claim)
    },

    /** Partial: absent fields stay; the slug changes only when given. */
    async update(caller: BlogCaller, id: string, input: TagUpdateInput, claim?: IdempotencyClaim<BlogTag>): Promise<BlogTag> {
      assertPlatformAdmin(caller)
      const fields = parseInput(TagUpdateSchema, input)
      return inBlogWork(caller, async (unit) => {
        const current = await requireTag(unit.tx, id)
        const tag: BlogTag = { ...current, name: fields.name ?? current.name, slug: fields.slug ?? current.slug }
        if (!(await unit.tx.blog.updateTag(tag))) {
          throw new InvoicingError('slug_taken', `Another tag has the slug ${tag.slug}`, { field: 'slug', slug: tag.slug })
        }
        await unit.audit('BLOG_TAG_UPDATED_VIA_API', { type: 'blog_tag', id }, { fields: Object.keys(fields) })
        return tag
      }, claim)
    },

    /** Removes the tag and takes it off every post that has it. */
    async delete(caller: BlogCaller, id: string, claim?: IdempotencyClaim<void>): Promise<void> {
      return inBlogWork(caller, async (unit) => {
        const tag = await requireTag(unit.tx, id)
        await unit.tx.blog.deleteTag(id)
        await unit.audit('BLOG_TAG_DELETED_VIA_API', { type: 'blog_tag', id }, { slug: tag.slug })
      }, claim)
    },
  }
}
