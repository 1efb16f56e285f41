import { InvoicingError } from '../../errors'
import type { BlogPost, BlogPostStatus } from './blog-post'

/** The statuses each action starts from (the others answer 409 `status_conflict`). */
const ACTIONS = {
  publish: ['DRAFT'],
  unpublish: ['SCHEDULED', 'PUBLISHED', 'ARCHIVED'],
  archive: ['DRAFT', 'SCHEDULED', 'PUBLISHED'],
} as const satisfies Record<string, readonly BlogPostStatus[]>

export type PostAction = keyof typeof ACTIONS

/** Fails with 409 `status_conflict` unless `action` may start from the post's status. */
export function assertActionAllowed(post: BlogPost, action: PostAction): void {
  const allowed: readonly BlogPostStatus[] = ACTIONS[action]
  if (!allowed.includes(post.status)) {
    throw new InvoicingError('status_conflict', `A ${post.status} post cannot be ${action === 'archive' ? 'archived' : `${action}ed`}`, { status: post.status, allowedStatuses: allowed })
  }
}

/** Fails with 400 `content_required` when the post has nothing to show. */
export function assertHasContent(post: BlogPost): void {
  if (post.content === null || post.content.trim() === '') {
    throw new InvoicingError('content_required', 'A post needs content to be published', { field: 'content' })
  }
}

/**
 * The post after `publish` at `now`: published now when `publishAt` is absent or not in the
 * future, else SCHEDULED until then (the scheduler publishes it).
 */
export function published(post: BlogPost, publishAt: string | null | undefined, now: Date): BlogPost {
  const at = publishAt ?? null
  if (at !== null && at > now.toISOString()) return { ...post, status: 'SCHEDULED', publishAt: at, updatedAt: now.toISOString() }
  return { ...post, status: 'PUBLISHED', publishAt: at, publishedAt: now.toISOString(), updatedAt: now.toISOString() }
}
