import type { CoreDeps } from '../ports/deps'
import type { BlogCategory } from './categories/blog-category'
import type { BlogTag } from './tags/blog-tag'
import { createBlogMediaService } from './media/media-service'
import { createBlogPostService } from './posts/post-service'
import { createScheduledPublishing } from './posts/scheduled-publishing'
import type { CategoryCreateInput, CategoryUpdateInput } from './categories/category-schemas'
import type { TagCreateInput, TagUpdateInput } from './tags/tag-schemas'
import { TERM_KINDS } from './terms/term-kinds'
import { createBlogTermService } from './terms/term-service'

/**
 * The blog's use cases. Every one takes the caller first and refuses a key that is not a
 * platform administrator's (403 `platform_admin_required`); blog records belong to no company.
 */
export function createBlog(deps: CoreDeps) {
  return {
    posts: createBlogPostService(deps),
    categories: createBlogTermService<BlogCategory, CategoryCreateInput, CategoryUpdateInput>(deps, TERM_KINDS.categories),
    tags: createBlogTermService<BlogTag, TagCreateInput, TagUpdateInput>(deps, TERM_KINDS.tags),
    media: createBlogMediaService(deps),
    /** Publishes SCHEDULED posts due by `asOf` (default now); the scheduler runs it each tick. Answers how many. */
    publishDuePosts: createScheduledPublishing(deps),
  }
}

export type Blog = ReturnType<typeof createBlog>
