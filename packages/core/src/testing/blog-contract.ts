import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { BlogCategory, BlogMedia, BlogPost, BlogTag } from '../blog'
import type { Storage, StorageTx } from '../ports/storage'

/** What the storage contract hands its blog cases: the storage under test and its helpers. */
export interface BlogContractContext {
  storage(): Storage
  concurrently<T>(count: number, work: (tx: StorageTx, index: number) => Promise<T>): Promise<PromiseSettledResult<T>[]>
}

const page = { limit: 50, offset: 0 }
/** An instant of 2026-03-01, `minute` minutes after 10:00. */
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString()

let counter = 0
const next = (prefix: string) => `${prefix}-contract-${++counter}`

export const aBlogPost = (overrides: Partial<BlogPost> = {}): BlogPost => {
  const id = next('bp')
  return {
    id, slug: id, title: `Beitrag ${id}`, excerpt: 'Kurz', content: '# Titel', contentFormat: 'markdown', contentHtml: '<h1>Titel</h1>', locale: 'de',
    coverMediaId: null, categoryIds: [], tagIds: [], authorName: 'Anna', seoTitle: 'SEO', seoDescription: 'Beschreibung', status: 'DRAFT',
    publishAt: null, publishedAt: null, createdAt: at(0), updatedAt: at(0), ...overrides,
  }
}
const aCategory = (overrides: Partial<BlogCategory> = {}): BlogCategory => {
  const id = next('bc')
  return { id, slug: id, name: `Kategorie ${id}`, description: null, ...overrides }
}
const aTag = (overrides: Partial<BlogTag> = {}): BlogTag => {
  const id = next('bt')
  return { id, slug: id, name: `Tag ${id}`, ...overrides }
}
const aMedia = (overrides: Partial<BlogMedia> = {}): BlogMedia =>
  ({ id: next('bm'), fileName: 'bild.png', contentType: 'image/png', size: 100, width: 10, height: 20, altText: null, createdAt: at(0), ...overrides })

const valuesOf = <T>(results: PromiseSettledResult<T>[]): T[] => results.map((result) => {
  if (result.status === 'rejected') throw result.reason
  return result.value
})

/** The blog cases of the storage contract: records, slug uniqueness, list order and filters, terms, and the scheduler's conditional publish. */
export function blogContract(context: BlogContractContext): void {
  const { concurrently } = context
  const inTx = <T>(work: (tx: StorageTx) => Promise<T>) => context.storage().transaction(work)
  const titles = async (query: object = {}) => (await context.storage().blog.listPosts({ ...page, ...query })).items.map((post) => post.title)

  describe('blog', () => {
    it('round-trips posts with their categories and tags in order, categories, tags and media, also inside a transaction', async () => {
      const storage = context.storage()
      const [first, second] = [aCategory({ description: 'Über' }), aCategory()]
      const tag = aTag()
      const media = aMedia({ altText: 'Logo' })
      const pdf = aMedia({ contentType: 'application/pdf', width: null, height: null })
      const post = aBlogPost({ categoryIds: [second.id, first.id], tagIds: [tag.id], coverMediaId: media.id, status: 'PUBLISHED', publishedAt: at(3), publishAt: at(2) })
      const bare = aBlogPost({ excerpt: null, content: null, contentHtml: null, authorName: null, seoTitle: null, seoDescription: null, locale: 'en', contentFormat: 'html' })
      await inTx(async (tx) => {
        for (const category of [first, second]) assert.equal(await tx.blog.insertCategory(category), true)
        assert.equal(await tx.blog.insertTag(tag), true)
        await tx.blog.insertMedia(media)
        await tx.blog.insertMedia(pdf)
        assert.equal(await tx.blog.insertPost(post), true)
        assert.equal(await tx.blog.insertPost(bare), true)
      })
      assert.deepEqual(await storage.blog.getPost(post.id), post)
      assert.deepEqual(await storage.blog.getPost(bare.id), bare)
      assert.deepEqual(await inTx((tx) => tx.blog.getPost(post.id)), post)
      assert.equal(await storage.blog.getPost('missing'), undefined)
      assert.deepEqual(await storage.blog.getCategory(first.id), first)
      assert.deepEqual(await storage.blog.getTag(tag.id), tag)
      assert.deepEqual(await storage.blog.getMedia(pdf.id), pdf)
      assert.deepEqual((await storage.blog.listPosts(page)).items, [post, bare])
      assert.deepEqual((await storage.blog.listMedia(page)).total, 2)
      const changed = { ...post, categoryIds: [first.id], tagIds: [], title: 'Neu', coverMediaId: null }
      assert.equal(await inTx((tx) => tx.blog.updatePost(changed)), true)
      assert.deepEqual(await storage.blog.getPost(post.id), changed)
      await inTx((tx) => tx.blog.updateMedia({ ...media, altText: null }))
      assert.equal((await storage.blog.getMedia(media.id))?.altText, null)
    })

    it('keeps slugs unique per namespace: a taken slug is refused on insert and update, other namespaces may share it', async () => {
      const storage = context.storage()
      const post = aBlogPost({ slug: 'jahreswechsel' })
      const other = aBlogPost({ slug: 'anders' })
      await inTx(async (tx) => {
        await tx.blog.insertPost(post)
        await tx.blog.insertPost(other)
      })
      assert.equal(await inTx((tx) => tx.blog.insertPost(aBlogPost({ slug: 'jahreswechsel' }))), false)
      assert.equal((await storage.blog.listPosts(page)).total, 2)
      assert.equal(await inTx((tx) => tx.blog.updatePost({ ...other, slug: 'jahreswechsel', title: 'changed' })), false)
      assert.deepEqual(await storage.blog.getPost(other.id), other)
      assert.equal(await inTx((tx) => tx.blog.updatePost({ ...post, title: 'same slug is its own' })), true)
      assert.equal(await inTx((tx) => tx.blog.insertCategory(aCategory({ slug: 'jahreswechsel' }))), true)
      assert.equal(await inTx((tx) => tx.blog.insertTag(aTag({ slug: 'jahreswechsel' }))), true)
      const category = aCategory({ slug: 'zweite' })
      await inTx((tx) => tx.blog.insertCategory(category))
      assert.equal(await inTx((tx) => tx.blog.insertCategory(aCategory({ slug: 'zweite' }))), false)
      assert.equal(await inTx((tx) => tx.blog.updateCategory({ ...category, slug: 'jahreswechsel' })), false)
      const tag = aTag({ slug: 'drei' })
      await inTx((tx) => tx.blog.insertTag(tag))
      assert.equal(await inTx((tx) => tx.blog.updateTag({ ...tag, slug: 'jahreswechsel' })), false)
      assert.equal(await inTx((tx) => tx.blog.insertTag(aTag({ slug: 'drei' }))), false)
      for (const slug of ['jahreswechsel-2', 'jahreswechsel-10', 'jahreswechsel-x', 'jahreswechsel2', 'jahreswechsel-2-3']) {
        await inTx((tx) => tx.blog.insertPost(aBlogPost({ slug })))
      }
      assert.deepEqual((await storage.blog.slugsLike('posts', 'jahreswechsel')).sort(), ['jahreswechsel', 'jahreswechsel-10', 'jahreswechsel-2'])
      assert.deepEqual(await storage.blog.slugsLike('tags', 'jahreswechsel'), ['jahreswechsel'])
    })

    it('lets exactly one of concurrent inserts with one slug in', async () => {
      const rivals = Array.from({ length: 8 }, () => aBlogPost({ slug: 'ein-slug' }))
      const answers = valuesOf(await concurrently(8, (tx, index) => tx.blog.insertPost(rivals[index]!)))
      assert.equal(answers.filter(Boolean).length, 1)
      assert.equal((await context.storage().blog.listPosts(page)).total, 1)
      const tags = valuesOf(await concurrently(8, (tx) => tx.blog.insertTag(aTag({ slug: 'ein-tag' }))))
      assert.equal(tags.filter(Boolean).length, 1)
    })

    it('lists posts with publishedAt first (latest first), then the rest by updatedAt, filtered and paged', async () => {
      const [category, tag] = [aCategory(), aTag()]
      const posts = [
        aBlogPost({ title: 'alt veröffentlicht', status: 'ARCHIVED', publishedAt: at(1), updatedAt: at(50) }),
        aBlogPost({ title: 'neu veröffentlicht', status: 'PUBLISHED', publishedAt: at(5), updatedAt: at(5), categoryIds: [category.id] }),
        aBlogPost({ title: 'Entwurf jung', updatedAt: at(40), locale: 'en', tagIds: [tag.id] }),
        aBlogPost({ title: 'Entwurf älter', updatedAt: at(30), status: 'SCHEDULED', publishAt: at(60) }),
      ]
      await inTx(async (tx) => {
        await tx.blog.insertCategory(category)
        await tx.blog.insertTag(tag)
        for (const post of posts) await tx.blog.insertPost(post)
      })
      assert.deepEqual(await titles(), ['neu veröffentlicht', 'alt veröffentlicht', 'Entwurf jung', 'Entwurf älter'])
      assert.deepEqual(await titles({ status: 'SCHEDULED' }), ['Entwurf älter'])
      assert.deepEqual(await titles({ locale: 'en' }), ['Entwurf jung'])
      assert.deepEqual(await titles({ categoryId: category.id }), ['neu veröffentlicht'])
      assert.deepEqual(await titles({ tagId: tag.id }), ['Entwurf jung'])
      assert.deepEqual(await titles({ search: 'ÄLTER' }), ['Entwurf älter'])
      assert.deepEqual(await titles({ search: '%' }), [])
      const second = await context.storage().blog.listPosts({ limit: 1, offset: 1 })
      assert.deepEqual([second.items.map((post) => post.title), second.total], [['alt veröffentlicht'], 4])
    })

    it('tells categories and media in use, takes a deleted tag off its posts, and deletes a post with its terms', async () => {
      const storage = context.storage()
      const [category, tag, media] = [aCategory(), aTag(), aMedia()]
      const post = aBlogPost({ categoryIds: [category.id], tagIds: [tag.id], coverMediaId: media.id, updatedAt: at(7) })
      await inTx(async (tx) => {
        await tx.blog.insertCategory(category)
        await tx.blog.insertTag(tag)
        await tx.blog.insertMedia(media)
        await tx.blog.insertPost(post)
      })
      assert.deepEqual([await storage.blog.categoryInUse(category.id), await storage.blog.mediaInUse(media.id)], [true, true])
      await inTx((tx) => tx.blog.deleteTag(tag.id))
      assert.deepEqual(await storage.blog.getPost(post.id), { ...post, tagIds: [] })
      assert.equal(await storage.blog.getTag(tag.id), undefined)
      await inTx((tx) => tx.blog.deletePost(post.id))
      assert.deepEqual([await storage.blog.categoryInUse(category.id), await storage.blog.mediaInUse(media.id)], [false, false])
      await inTx(async (tx) => {
        await tx.blog.deleteCategory(category.id)
        await tx.blog.deleteMedia(media.id)
      })
      assert.deepEqual([await storage.blog.getCategory(category.id), await storage.blog.getMedia(media.id)], [undefined, undefined])
      assert.deepEqual((await storage.blog.listCategories(page)).items, [])
    })

    it('publishes a due SCHEDULED post once, with publishedAt = publishAt, however many callers race for it', async () => {
      const storage = context.storage()
      const tag = aTag()
      const due = aBlogPost({ status: 'SCHEDULED', publishAt: at(10), tagIds: [tag.id] })
      const later = aBlogPost({ status: 'SCHEDULED', publishAt: at(30) })
      const draft = aBlogPost({ publishAt: null })
      await inTx(async (tx) => {
        await tx.blog.insertTag(tag)
        for (const post of [later, due, draft]) await tx.blog.insertPost(post)
      })
      assert.deepEqual((await storage.blog.listDuePosts(at(20), 10)).map((post) => post.id), [due.id])
      assert.deepEqual((await storage.blog.listDuePosts(at(30), 10)).map((post) => post.id), [due.id, later.id])
      assert.equal(await inTx((tx) => tx.blog.publishDuePost(later.id, at(20), at(21))), undefined, 'not due yet')
      const answers = valuesOf(await concurrently(6, (tx) => tx.blog.publishDuePost(due.id, at(20), at(21))))
      const published = { ...due, status: 'PUBLISHED' as const, publishedAt: at(10), updatedAt: at(21) }
      assert.deepEqual(answers.filter(Boolean), [published])
      assert.deepEqual(await storage.blog.getPost(due.id), published)
      assert.deepEqual((await storage.blog.listDuePosts(at(20), 10)), [])
    })
  })
}
