import { type BlogPost, type BlogPostListQuery, type BlogRepository, type BlogSlugNamespace } from '@invoicing/core'
import { sql, type Selectable } from 'kysely'
import type { BlogPostTable } from '../database'
import type { Executor } from '../executor'
import { needleOf, type Needle } from '../search'
import { categoryFromRow, mediaFromRow, mediaToRow, postFromRow, postToRow, tagFromRow } from './blog-rows'
import { readPage } from './read-page'

const SLUG_TABLES = { posts: 'blog_post', categories: 'blog_category', tags: 'blog_tag' } as const satisfies Record<BlogSlugNamespace, string>

/**
 * The blog in SQLite. Slugs are unique columns: an insert is an INSERT … ON CONFLICT (slug) DO
 * NOTHING whose RETURNING tells whether it got in; an update first asks whether another row
 * holds the slug (write transactions run one at a time, so the answer holds until it writes).
 * A due post is published by one UPDATE … WHERE status = 'SCHEDULED', so of two processes only
 * one changes it. A post's categories and tags are rows in their given order, gone with the
 * post (and a tag's with the tag) through the foreign keys' cascades.
 */
export function createBlogRepository(executor: Executor): BlogRepository {
  const { db, row, rows, write } = executor

  /** The posts of `found` with their category and tag ids, read through `reader`. */
  const withTerms = async (found: Selectable<BlogPostTable>[], reader: Executor = executor): Promise<BlogPost[]> => {
    if (found.length === 0) return []
    const ids = found.map((post) => post.id)
    const categories = await reader.rows(db.selectFrom('blog_post_category').select(['post_id', 'category_id']).where('post_id', 'in', ids).orderBy('post_id').orderBy('position'))
    const tags = await reader.rows(db.selectFrom('blog_post_tag').select(['post_id', 'tag_id']).where('post_id', 'in', ids).orderBy('post_id').orderBy('position'))
    const termsOf = <T extends { post_id: string }>(terms: T[], id: (term: T) => string) => {
      const byPost = new Map(ids.map((postId) => [postId, [] as string[]]))
      for (const term of terms) byPost.get(term.post_id)!.push(id(term))
      return byPost
    }
    const categoryIds = termsOf(categories, (term) => term.category_id)
    const tagIds = termsOf(tags, (term) => term.tag_id)
    return found.map((post) => postFromRow(post, categoryIds.get(post.id)!, tagIds.get(post.id)!))
  }
  const writeTerms = async (post: BlogPost) => {
    await write(db.deleteFrom('blog_post_category').where('post_id', '=', post.id))
    await write(db.deleteFrom('blog_post_tag').where('post_id', '=', post.id))
    if (post.categoryIds.length > 0) {
      await write(db.insertInto('blog_post_category').values(post.categoryIds.map((category_id, position) => ({ post_id: post.id, category_id, position }))))
    }
    if (post.tagIds.length > 0) {
      await write(db.insertInto('blog_post_tag').values(post.tagIds.map((tag_id, position) => ({ post_id: post.id, tag_id, position }))))
    }
  }
  /** Whether a row of the namespace other than `id` holds `slug`. */
  const slugHeld = async (namespace: BlogSlugNamespace, slug: string, id: string) =>
    (await row(db.selectFrom(SLUG_TABLES[namespace]).select('id').where('slug', '=', slug).where('id', '!=', id))) !== undefined

  const postList = (query: BlogPostListQuery, needle: Needle | undefined) => {
    let filtered = db.selectFrom('blog_post')
    if (query.status) filtered = filtered.where('status', '=', query.status)
    if (query.locale) filtered = filtered.where('locale', '=', query.locale)
    if (query.categoryId) filtered = filtered.where('id', 'in', db.selectFrom('blog_post_category').select('post_id').where('category_id', '=', query.categoryId))
    if (query.tagId) filtered = filtered.where('id', 'in', db.selectFrom('blog_post_tag').select('post_id').where('tag_id', '=', query.tagId))
    if (needle) filtered = filtered.where((eb) => executor.dialect.containsFolded(eb, 'blog_post.search_text', needle))
    return {
      rows: filtered.selectAll().orderBy(sql`published_at is null`).orderBy(sql`coalesce(published_at, updated_at) desc`).orderBy('id', 'desc')
        .limit(query.limit).offset(query.offset),
      total: filtered.select((eb) => eb.fn.countAll<number>().as('total')),
    }
  }

  return {
    getPost: (id) => executor.snapshot(async (reader) => {
      const found = await reader.row(db.selectFrom('blog_post').selectAll().where('id', '=', id))
      return found && (await withTerms([found], reader))[0]
    }),
    listPosts: async (query) => readPage(executor, postList(query, await needleOf(executor, query.search, ['blog_post.search_text'])), query, withTerms),
    listDuePosts: (asOf, limit) => executor.snapshot(async (reader) => withTerms(await reader.rows(db.selectFrom('blog_post').selectAll()
      .where('status', '=', 'SCHEDULED').where('publish_at', '<=', asOf).orderBy('publish_at').orderBy('id').limit(limit)), reader)),
    async slugsLike(namespace, base) {
      // `base-…` sorts from `base-` up to `base.` ('.' follows '-'): a range of the slug index.
      const found = await rows(db.selectFrom(SLUG_TABLES[namespace]).select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb.and([eb('slug', '>', `${base}-`), eb('slug', '<', `${base}.`)])])))
      const family = new RegExp(`^${base}(-\\d+)?$`)
      return found.map((each) => each.slug).filter((slug) => family.test(slug))
    },
    getCategory: async (id) => {
      const found = await row(db.selectFrom('blog_category').selectAll().where('id', '=', id))
      return found && categoryFromRow(found)
    },
    listCategories: (page) => readPage(executor, {
      rows: db.selectFrom('blog_category').selectAll().orderBy('name').orderBy('id').limit(page.limit).offset(page.offset),
      total: db.selectFrom('blog_category').select((eb) => eb.fn.countAll<number>().as('total')),
    }, page, (found) => found.map(categoryFromRow)),
    categoryInUse: async (id) => (await row(db.selectFrom('blog_post_category').select('post_id').where('category_id', '=', id).limit(1))) !== undefined,
    getTag: async (id) => {
      const found = await row(db.selectFrom('blog_tag').selectAll().where('id', '=', id))
      return found && tagFromRow(found)
    },
    listTags: (page) => readPage(executor, {
      rows: db.selectFrom('blog_tag').selectAll().orderBy('name').orderBy('id').limit(page.limit).offset(page.offset),
      total: db.selectFrom('blog_tag').select((eb) => eb.fn.countAll<number>().as('total')),
    }, page, (found) => found.map(tagFromRow)),
    getMedia: async (id) => {
      const found = await row(db.selectFrom('blog_media').selectAll().where('id', '=', id))
      return found && mediaFromRow(found)
    },
    listMedia: (page) => readPage(executor, {
      rows: db.selectFrom('blog_media').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset),
      total: db.selectFrom('blog_media').select((eb) => eb.fn.countAll<number>().as('total')),
    }, page, (found) => found.map(mediaFromRow)),
    mediaInUse: async (id) => (await row(db.selectFrom('blog_post').select('id').where('cover_media_id', '=', id).limit(1))) !== undefined,

    async insertPost(post) {
      const inserted = await row(db.insertInto('blog_post').values(postToRow(post)).onConflict((conflict) => conflict.column('slug').doNothing()).returning('id'))
      if (!inserted) return false
      await writeTerms(post)
      return true
    },
    async updatePost(post) {
      if (await slugHeld('posts', post.slug, post.id)) return false
      const { id, ...fields } = postToRow(post)
      await write(db.updateTable('blog_post').set(fields).where('id', '=', id))
      await writeTerms(post)
      return true
    },
    deletePost: (id) => write(db.deleteFrom('blog_post').where('id', '=', id)),
    async publishDuePost(id, asOf, now) {
      const published = await row(db.updateTable('blog_post').set((eb) => ({ status: 'PUBLISHED', published_at: eb.ref('publish_at'), updated_at: now }))
        .where('id', '=', id).where('status', '=', 'SCHEDULED').where('publish_at', '<=', asOf).returningAll())
      return published && (await withTerms([published]))[0]
    },
    async insertCategory(category) {
      const inserted = await row(db.insertInto('blog_category').values({ id: category.id, slug: category.slug, name: category.name, description: category.description })
        .onConflict((conflict) => conflict.column('slug').doNothing()).returning('id'))
      return inserted !== undefined
    },
    async updateCategory(category) {
      if (await slugHeld('categories', category.slug, category.id)) return false
      await write(db.updateTable('blog_category').set({ slug: category.slug, name: category.name, description: category.description }).where('id', '=', category.id))
      return true
    },
    deleteCategory: (id) => write(db.deleteFrom('blog_category').where('id', '=', id)),
    async insertTag(tag) {
      const inserted = await row(db.insertInto('blog_tag').values({ id: tag.id, slug: tag.slug, name: tag.name })
        .onConflict((conflict) => conflict.column('slug').doNothing()).returning('id'))
      return inserted !== undefined
    },
    async updateTag(tag) {
      if (await slugHeld('tags', tag.slug, tag.id)) return false
      await write(db.updateTable('blog_tag').set({ slug: tag.slug, name: tag.name }).where('id', '=', tag.id))
      return true
    },
    deleteTag: (id) => write(db.deleteFrom('blog_tag').where('id', '=', id)),
    insertMedia: (media) => write(db.insertInto('blog_media').values(mediaToRow(media))),
    async updateMedia(media) {
      const { id, ...fields } = mediaToRow(media)
      await write(db.updateTable('blog_media').set(fields).where('id', '=', id))
    },
    deleteMedia: (id) => write(db.deleteFrom('blog_media').where('id', '=', id)),
  }
}
