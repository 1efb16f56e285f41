import { InvoicingError } from '../../errors'
import type { IdempotencyClaim } from '../../idempotency'
import type { CoreDeps } from '../../ports/deps'
import type { Page } from '../../shared/pagination'
import { parseInput } from '../../shared/validation'
import { assertPlatformAdmin, type BlogCaller } from '../blog-caller'
import { createBlogWork, found } from '../blog-work'
import { BlogPageQuerySchema, type BlogPageQuery } from '../posts/post-schemas'
import { storeWithSlug } from '../slugs/slug'
import type { BlogTerm, TermKind } from './term-kinds'

/** Categories or tags of blog posts, as `kind` says what differs between them. */
export function createBlogTermService<T extends BlogTerm, TCreate, TUpdate>(deps: CoreDeps, kind: TermKind<T>) {
  const { storage, ids } = deps
  const inBlogWork = createBlogWork(deps)
  const { audit } = kind
  return {
    async list(caller: BlogCaller, query: BlogPageQuery = {}): Promise<Page<T>> {
      assertPlatformAdmin(caller)
      return kind.list(storage.blog, parseInput(BlogPageQuerySchema, query))
    },

    async get(caller: BlogCaller, id: string): Promise<T> {
      assertPlatformAdmin(caller)
      return found(await kind.get(storage.blog, id), kind.name, id)
    },

    /** The slug defaults from the name (a taken one gets -2, -3, …); a taken slug given → 409 `slug_taken`. */
    async create(caller: BlogCaller, input: TCreate, claim?: IdempotencyClaim<T>): Promise<T> {
      assertPlatformAdmin(caller)
      const fields = parseInput(kind.createSchema, input) as Record<string, unknown> & { name: string; slug?: string }
      return inBlogWork(caller, async (unit) => {
        const term = await storeWithSlug(unit.tx.blog, kind.namespace, kind.created(ids.next(), fields),
          fields.slug ? { explicit: fields.slug } : { derivedFrom: fields.name }, (each) => kind.insert(unit.tx.blog, each))
        await unit.audit(audit.created, { type: audit.targetType, id: term.id }, { slug: term.slug, name: term.name })
        return term
      }, claim)
    },

    /** Partial: absent fields stay; the slug changes only when given. */
    async update(caller: BlogCaller, id: string, input: TUpdate, claim?: IdempotencyClaim<T>): Promise<T> {
      assertPlatformAdmin(caller)
      const fields = parseInput(kind.updateSchema, input) as Record<string, unknown>
      return inBlogWork(caller, async (unit) => {
        const term = kind.changed(found(await kind.get(unit.tx.blog, id), kind.name, id), fields)
        if (!(await kind.update(unit.tx.blog, term))) {
          throw new InvoicingError('slug_taken', `Another ${kind.name.toLowerCase()} has the slug ${term.slug}`, { field: 'slug', slug: term.slug })
        }
        await unit.audit(audit.updated, { type: audit.targetType, id }, { fields: Object.keys(fields) })
        return term
      }, claim)
    },

    async delete(caller: BlogCaller, id: string, claim?: IdempotencyClaim<void>): Promise<void> {
      return inBlogWork(caller, async (unit) => {
        const term = found(await kind.get(unit.tx.blog, id), kind.name, id)
        await kind.assertDeletable(unit.tx.blog, term)
        await kind.delete(unit.tx.blog, id)
        await unit.audit(audit.deleted, { type: audit.targetType, id }, { slug: term.slug })
      }, claim)
    },
  }
}
