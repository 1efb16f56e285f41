import { InvoicingError } from '../../errors'
import type { IdempotencyClaim } from '../../idempotency'
import type { CoreDeps } from '../../ports/deps'
import type { StorageTx } from '../../ports/storage'
import type { Page } from '../../shared/pagination'
import { parseInput } from '../../shared/validation'
import type { UnitOfWork } from '../../unit-of-work'
import { assertPlatformAdmin, type BlogCaller } from '../blog-caller'
import { createBlogWork, found } from '../blog-work'
import { contentHtmlOf, storedContentOf } from '../content/render-content'
import { storeWithSlug } from '../slugs/slug'
import type { BlogPost } from './blog-post'
import {
  PostCreateSchema, PostListQuerySchema, PostUpdateSchema, PublishSchema,
  type PostCreateInput, type PostListQuery, type PostUpdateInput, type PublishInput,
} from './post-schemas'
import { assertActionAllowed, assertHasContent, published, type PostAction } from './post-transitions'

/** 400 `status_read_only` for a body that tries to write `status` (in either spelling). */
function assertNoStatus(input: unknown): void {
  if (typeof input === 'object' && input !== null && 'status' in input) {
    throw new InvoicingError('status_read_only', 'status changes through POST …/publish, …/unpublish and …/archive', { field: 'status' })
  }
}

/** Fails with 404 naming the field unless the cover, categories and tags exist; answers the ids once each. */
async function checkedReferences(tx: StorageTx, fields: { coverMediaId?: string | null | undefined; categoryIds?: string[] | undefined; tagIds?: string[] | undefined }) {
  if (fields.coverMediaId) found(await tx.blog.getMedia(fields.coverMediaId), 'Media', fields.coverMediaId, 'coverMediaId')
  const categoryIds = fields.categoryIds && [...new Set(fields.categoryIds)]
  const tagIds = fields.tagIds && [...new Set(fields.tagIds)]
  for (const id of categoryIds ?? []) found(await tx.blog.getCategory(id), 'Category', id, 'categoryIds')
  for (const id of tagIds ?? []) found(await tx.blog.getTag(id), 'Tag', id, 'tagIds')
  return { categoryIds, tagIds }
}

/** Content and its HTML, stored together. */
const withContent = (post: BlogPost, content: string | null): BlogPost => {
  const stored = content === null ? null : storedContentOf(post.contentFormat, content)
  return { ...post, content: stored, contentHtml: stored === null ? null : contentHtmlOf(post.contentFormat, stored) }
}

/** Blog posts: writing, reading and the status actions (publish, unpublish, archive). */
export function createBlogPostService(deps: CoreDeps) {
  const { storage, ids } = deps
  const inBlogWork = createBlogWork(deps)
  const requirePost = async (tx: StorageTx, id: string) => found(await tx.blog.getPost(id), 'Post', id)
  const update = async (unit: UnitOfWork, post: BlogPost) => {
    if (!(await unit.tx.blog.updatePost(post))) throw new InvoicingError('slug_taken', `Another post has the slug ${post.slug}`, { field: 'slug', slug: post.slug })
  }

  /** Runs a status action on the post. */
  const act = (caller: BlogCaller, id: string, action: PostAction, change: (post: BlogPost, now: Date) => BlogPost, claim?: IdempotencyClaim<BlogPost>) =>
    inBlogWork(caller, async (unit) => {
      const post = await requirePost(unit.tx, id)
      assertActionAllowed(post, action)
      const changed = change(post, unit.now)
      await update(unit, changed)
      const audit = { publish: 'BLOG_POST_PUBLISHED_VIA_API', unpublish: 'BLOG_POST_UNPUBLISHED_VIA_API', archive: 'BLOG_POST_ARCHIVED_VIA_API' } as const
      await unit.audit(audit[action], { type: 'blog_post', id }, { from: post.status, to: changed.status, ...(changed.status === 'SCHEDULED' ? { publishAt: changed.publishAt } : {}) })
      return changed
    }, claim)

  return {
    /** A new DRAFT post (POST /blog/posts). */
    async create(caller: BlogCaller, input: PostCreateInput, claim?: IdempotencyClaim<BlogPost>): Promise<BlogPost> {
      assertPlatformAdmin(caller)
      assertNoStatus(input)
      const fields = parseInput(PostCreateSchema, input)
      return inBlogWork(caller, async (unit) => {
        const { categoryIds, tagIds } = await checkedReferences(unit.tx, fields)
        const now = unit.now.toISOString()
        const draft = withContent({
          id: ids.next(), slug: '', title: fields.title, excerpt: fields.excerpt ?? null, content: null, contentFormat: fields.contentFormat ?? 'markdown',
          contentHtml: null, locale: fields.locale ?? 'de', coverMediaId: fields.coverMediaId ?? null, categoryIds: categoryIds ?? [], tagIds: tagIds ?? [],
          authorName: fields.authorName ?? null, seoTitle: fields.seoTitle ?? null, seoDescription: fields.seoDescription ?? null,
          status: 'DRAFT', publishAt: null, publishedAt: null, createdAt: now, updatedAt: now,
        }, fields.content ?? null)
        const post = await storeWithSlug(unit.tx.blog, 'posts', draft, fields.slug ? { explicit: fields.slug } : { derivedFrom: fields.title }, (kept) => unit.tx.blog.insertPost(kept))
        await unit.audit('BLOG_POST_CREATED_VIA_API', { type: 'blog_post', id: post.id }, { slug: post.slug, title: post.title })
        return post
      }, claim)
    },

    async get(caller: BlogCaller, id: string): Promise<BlogPost> {
      assertPlatformAdmin(caller)
      return found(await storage.blog.getPost(id), 'Post', id)
    },

    /** A page of posts: published ones latest first, then the others by their last change. */
    async list(caller: BlogCaller, query: PostListQuery = {}): Promise<Page<BlogPost>> {
      assertPlatformAdmin(caller)
      return storage.blog.listPosts(parseInput(PostListQuerySchema, query))
    },

    /** PUT /blog/posts/{id}: absent fields stay, `null` clears; allowed in every status. */
    async update(caller: BlogCaller, id: string, input: PostUpdateInput, claim?: IdempotencyClaim<BlogPost>): Promise<BlogPost> {
      assertPlatformAdmin(caller)
      assertNoStatus(input)
      const fields = parseInput(PostUpdateSchema, input)
      return inBlogWork(caller, async (unit) => {
        const current = await requirePost(unit.tx, id)
        const { categoryIds, tagIds } = await checkedReferences(unit.tx, fields)
        let post: BlogPost = {
          ...current,
          slug: fields.slug ?? current.slug,
          title: fields.title ?? current.title,
          excerpt: fields.excerpt === undefined ? current.excerpt : fields.excerpt,
          contentFormat: fields.contentFormat ?? current.contentFormat,
          locale: fields.locale ?? current.locale,
          coverMediaId: fields.coverMediaId === undefined ? current.coverMediaId : fields.coverMediaId,
          categoryIds: categoryIds ?? current.categoryIds,
          tagIds: tagIds ?? current.tagIds,
          authorName: fields.authorName === undefined ? current.authorName : fields.authorName,
          seoTitle: fields.seoTitle === undefined ? current.seoTitle : fields.seoTitle,
          seoDescription: fields.seoDescription === undefined ? current.seoDescription : fields.seoDescription,
          updatedAt: unit.now.toISOString(),
        }
        if (fields.content !== undefined || fields.contentFormat !== undefined) post = withContent(post, fields.content === undefined ? current.content : fields.content)
        await update(unit, post)
        await unit.audit('BLOG_POST_UPDATED_VIA_API', { type: 'blog_post', id }, { fields: Object.keys(fields).filter((name) => name !== 'content') })
        return post
      }, claim)
    },

    async delete(caller: BlogCaller, id: string, claim?: IdempotencyClaim<void>): Promise<void> {
      return inBlogWork(caller, async (unit) => {
        const post = await requirePost(unit.tx, id)
        await unit.tx.blog.deletePost(id)
        await unit.audit('BLOG_POST_DELETED_VIA_API', { type: 'blog_post', id }, { slug: post.slug, status: post.status })
      }, claim)
    },

    /**
     * DRAFT → PUBLISHED now (`publishAt` absent or not in the future; `publishedAt` now), or
     * → SCHEDULED (a future `publishAt`). Either needs content (400 `content_required`).
     */
    async publish(caller: BlogCaller, id: string, input: PublishInput = {}, claim?: IdempotencyClaim<BlogPost>): Promise<BlogPost> {
      assertPlatformAdmin(caller)
      const { publishAt } = parseInput(PublishSchema, input ?? {})
      return act(caller, id, 'publish', (post, now) => {
        assertHasContent(post)
        return published(post, publishAt, now)
      }, claim)
    },

    /** SCHEDULED, PUBLISHED or ARCHIVED → DRAFT: `publishAt` cleared, `publishedAt` kept. */
    unpublish: (caller: BlogCaller, id: string, claim?: IdempotencyClaim<BlogPost>): Promise<BlogPost> =>
      act(caller, id, 'unpublish', (post, now) => ({ ...post, status: 'DRAFT', publishAt: null, updatedAt: now.toISOString() }), claim),

    /** Any status but ARCHIVED → ARCHIVED. */
    archive: (caller: BlogCaller, id: string, claim?: IdempotencyClaim<BlogPost>): Promise<BlogPost> =>
      act(caller, id, 'archive', (post, now) => ({ ...post, status: 'ARCHIVED', updatedAt: now.toISOString() }), claim),
  }
}
