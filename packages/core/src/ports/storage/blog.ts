import type { BlogCategory, BlogMedia, BlogPost, BlogPostStatus, BlogTag } from '../../blog'
import type { Locale } from '../../shared/fields'
import type { Page, PageRequest } from '../../shared/pagination'

/** The three slug namespaces of the blog: a slug is unique within each, not across them. */
export type BlogSlugNamespace = 'posts' | 'categories' | 'tags'

/** The filters of the post list, combined with AND. */
export interface BlogPostListQuery extends PageRequest {
  status?: BlogPostStatus | undefined
  locale?: Locale | undefined
  categoryId?: string | undefined
  tagId?: string | undefined
  /** Case-insensitive literal part of the title (`%` and `_` are plain characters). */
  search?: string | undefined
}

/**
 * Reads of the platform's blog. Blog records belong to no company: every method sees all of
 * them.
 */
export interface BlogReader {
  getPost(id: string): Promise<BlogPost | undefined>
  /**
   * Posts with a `publishedAt` first, latest `publishedAt` first; then those without one,
   * latest `updatedAt` first; ties by id descending.
   */
  listPosts(query: BlogPostListQuery): Promise<Page<BlogPost>>
  /**
   * SCHEDULED posts whose `publishAt` ≤ `asOf`, earliest `publishAt` first, then by id, at most
   * `limit`.
   */
  listDuePosts(asOf: string, limit: number): Promise<BlogPost[]>
  /** The slugs of `namespace` that are `base` or `base-<digits>`. */
  slugsLike(namespace: BlogSlugNamespace, base: string): Promise<string[]>
  getCategory(id: string): Promise<BlogCategory | undefined>
  /** By name, then id. */
  listCategories(page: PageRequest): Promise<Page<BlogCategory>>
  /** Whether any post has the category. */
  categoryInUse(id: string): Promise<boolean>
  getTag(id: string): Promise<BlogTag | undefined>
  /** By name, then id. */
  listTags(page: PageRequest): Promise<Page<BlogTag>>
  getMedia(id: string): Promise<BlogMedia | undefined>
  /** Newest `createdAt` first, then id descending. */
  listMedia(page: PageRequest): Promise<Page<BlogMedia>>
  /** Whether any post has the media file as its cover. */
  mediaInUse(id: string): Promise<boolean>
}

/**
 * Writes of the blog. Slugs are kept unique per namespace by the store itself (a unique
 * index), so a check before a write is never what decides:
 *
 * - `insertPost`, `insertCategory` and `insertTag` MUST store the record only when no other
 *   record of its namespace has its slug, and answer whether they stored it. Of concurrent
 *   inserts with one slug, also in two processes, exactly one MUST get `true`.
 * - `updatePost`, `updateCategory` and `updateTag` MUST likewise change nothing and answer
 *   `false` when another record of the namespace holds the new slug.
 * - A post's `categoryIds`, `tagIds` and `coverMediaId` name stored records (the engine checks
 *   them in the same transaction); their order round-trips.
 */
export interface BlogRepository extends BlogReader {
  insertPost(post: BlogPost): Promise<boolean>
  updatePost(post: BlogPost): Promise<boolean>
  deletePost(id: string): Promise<void>
  /**
   * Publishes a due SCHEDULED post: when the post is SCHEDULED with `publishAt` ≤ `asOf`, it
   * becomes PUBLISHED with `publishedAt` = its `publishAt` and `updatedAt` = `now`, and the
   * updated post is answered; otherwise nothing changes and the answer is undefined. Of
   * concurrent calls for one post, also in two processes, exactly one MUST get the post.
   */
  publishDuePost(id: string, asOf: string, now: string): Promise<BlogPost | undefined>
  insertCategory(category: BlogCategory): Promise<boolean>
  updateCategory(category: BlogCategory): Promise<boolean>
  /** Removes the category (the engine has checked that no post has it). */
  deleteCategory(id: string): Promise<void>
  insertTag(tag: BlogTag): Promise<boolean>
  updateTag(tag: BlogTag): Promise<boolean>
  /** Removes the tag and takes it off every post that had it (their `updatedAt` unchanged). */
  deleteTag(id: string): Promise<void>
  insertMedia(media: BlogMedia): Promise<void>
  updateMedia(media: BlogMedia): Promise<void>
  /** Removes the media record (the engine has checked that no post has it as its cover). */
  deleteMedia(id: string): Promise<void>
}
