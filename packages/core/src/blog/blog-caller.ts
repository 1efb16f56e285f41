import type { Actor } from '../access'
import { InvoicingError } from '../errors'

/**
 * Who uses the blog: an actor (its company is where audit entries go) and whether its key is a
 * platform administrator's. An API `Principal` is one.
 */
export interface BlogCaller {
  actor: Actor
  platformAdmin: boolean
}

/** The blog is the platform's own content: only a platform administrator's key may touch it (403). */
export function assertPlatformAdmin(caller: BlogCaller): void {
  if (!caller.platformAdmin) {
    throw new InvoicingError('platform_admin_required', 'The blog is managed by keys of platform administrators only')
  }
}
