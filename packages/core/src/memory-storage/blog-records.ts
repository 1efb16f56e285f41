import type { BlogCategory, BlogMedia, BlogPost, BlogTag } from '../blog'
import type { BlogRepository, BlogSlugNamespace } from '../ports/storage'
import { foldForSearch } from '../shared/search'
import { compareText, sliceOf, type Row, type Table } from './memory-table'

export interface BlogTables {
  blogPosts: Table<BlogPost>
  blogCategories: Table<BlogCategory>
  blogTags: Table<BlogTag>
  blogMedia: Table<BlogMedia>
}

/** `base`, or `base-` and digits. */
const slugFamily = (base: string) => new RegExp(`^${base.replace(/[^a-z0-9-]/g, '')}(-\\d+)?$`)

const byNameThenId = <T extends { name: string; id: string }>(a: Row<T>, b: Row<T>) => compareText(a.value.name, b.value.name) || compareText(a.value.id, b.value.id)

/** Published posts (latest first), then the others by their last change (latest first); ties by id descending. */
const postOrder = (a: Row<BlogPost>, b: Row<BlogPost>) => {
  const [x, y] = [a.value, b.value]
  if ((x.publishedAt === null) !== (y.publishedAt === null)) return x.publishedAt === null ? 1 : -1
  return compareText(y.publishedAt ?? y.updatedAt, x.publishedAt ?? x.updatedAt) || compareText(y.id, x.id)
}

/** The blog in memory: one table per record type; a slug is unique in its table, as the database's unique index has it. */
export function blogRecords({ blogPosts, blogCategories, blogTags, blogMedia }: BlogTables): BlogRepository {
  const tables = { posts: blogPosts, categories: blogCategories, tags: blogTags } as Record<BlogSlugNamespace, Table<{ id: string; slug: string }>>
  const slugHeld = (namespace: BlogSlugNamespace, slug: string, exceptId: string) =>
    [...tables[namespace].rows()].some(({ value }) => value.slug === slug && value.id !== exceptId)
  /** Stores `record` unless another record of the namespace holds its slug. */
  const keep = <T extends { id: string; slug: string }>(namespace: BlogSlugNamespace, table: Table<T>, record: T, insert: boolean) => {
    if (slugHeld(namespace, record.slug, record.id)) return false
    if (insert && table.get(record.id)) throw new Error(`blog record ${record.id} already exists`)
    if (!insert && !table.get(record.id)) return true
    table.set(record.id, record)
    return true
  }
  const all = <T>(table: Table<T>) => [...table.rows()]
  return {
    getPost: async (id) => blogPosts.get(id),
    listPosts: async (query) => {
      const needle = query.search ? foldForSearch(query.search) : ''
      return sliceOf(all(blogPosts).filter(({ value }) =>
        (!query.status || value.status === query.status) && (!query.locale || value.locale === query.locale) &&
        (!query.categoryId || value.categoryIds.includes(query.categoryId)) && (!query.tagId || value.tagIds.includes(query.tagId)) &&
        (!needle || foldForSearch(value.title).includes(needle))).sort(postOrder), query)
    },
    listDuePosts: async (asOf, limit) => all(blogPosts)
      .filter(({ value }) => value.status === 'SCHEDULED' && value.publishAt !== null && value.publishAt <= asOf)
      .sort((a, b) => compareText(a.value.publishAt!, b.value.publishAt!) || compareText(a.value.id, b.value.id))
      .slice(0, limit).map(({ value }) => structuredClone(value)),
    slugsLike: async (namespace, base) => {
      const family = slugFamily(base)
      return all(tables[namespace]).map(({ value }) => value.slug).filter((slug) => family.test(slug))
    },
    getCategory: async (id) => blogCategories.get(id),
    listCategories: async (page) => sliceOf(all(blogCategories).sort(byNameThenId), page),
    categoryInUse: async (id) => all(blogPosts).some(({ value }) => value.categoryIds.includes(id)),
    getTag: async (id) => blogTags.get(id),
    listTags: async (page) => sliceOf(all(blogTags).sort(byNameThenId), page),
    getMedia: async (id) => blogMedia.get(id),
    listMedia: async (page) => sliceOf(all(blogMedia).sort((a, b) => compareText(b.value.createdAt, a.value.createdAt) || compareText(b.value.id, a.value.id)), page),
    mediaInUse: async (id) => all(blogPosts).some(({ value }) => value.coverMediaId === id),
    insertPost: async (post) => keep('posts', blogPosts, post, true),
    updatePost: async (post) => keep('posts', blogPosts, post, false),
    deletePost: async (id) => blogPosts.delete(id),
    publishDuePost: async (id, asOf, now) => {
      const post = blogPosts.get(id)
      if (post?.status !== 'SCHEDULED' || post.publishAt === null || post.publishAt > asOf) return undefined
      const published: BlogPost = { ...post, status: 'PUBLISHED', publishedAt: post.publishAt, updatedAt: now }
      blogPosts.set(id, published)
      return published
    },
    insertCategory: async (category) => keep('categories', blogCategories, category, true),
    updateCategory: async (category) => keep('categories', blogCategories, category, false),
    deleteCategory: async (id) => blogCategories.delete(id),
    insertTag: async (tag) => keep('tags', blogTags, tag, true),
    updateTag: async (tag) => keep('tags', blogTags, tag, false),
    deleteTag: async (id) => {
      blogTags.delete(id)
      for (const { value } of all(blogPosts)) {
        if (value.tagIds.includes(id)) blogPosts.set(value.id, { ...value, tagIds: value.tagIds.filter((tagId) => tagId !== id) })
      }
    },
    insertMedia: async (media) => {
      if (blogMedia.get(media.id)) throw new Error(`blog media ${media.id} already exists`)
      blogMedia.set(media.id, media)
    },
    updateMedia: async (media) => {
      if (blogMedia.get(media.id)) blogMedia.set(media.id, media)
    },
    deleteMedia: async (id) => blogMedia.delete(id),
  }
}
