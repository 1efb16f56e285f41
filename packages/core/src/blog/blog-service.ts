import type { CoreDeps } from '../ports/deps'
import { createBlogCategoryService } from './categories/category-service'
import { createBlogMediaService } from './media/media-service'
import { createBlogPostService } from './posts/post-service'
import { createScheduledPublishing } from './posts/scheduled-publishing'
import { createBlogTagService } from './tags/tag-service'

/**
 * The blog's use cases. Every one takes the caller first and refuses a key that is not a
 * platform administrator's (403 `platform_admin_required`); blog records belong to no company.
 */
export function createBlog(deps: CoreDeps) {
  return {
    posts: createBlogPostService(deps),
    categories: createBlogCategoryService(deps),
    tags: createBlogTagService(deps),
    media: createBlogMediaService(deps),
    /** Publishes SCHEDULED posts due by `asOf` (default now); the scheduler runs it each tick. Answers how many. */
    publishDuePosts: createScheduledPublishing(deps),
  }
}

export type Blog = ReturnType<typeof createBlog>
