import slugify from '@sindresorhus/slugify'
import * as v from 'valibot'
import { InvoicingError } from '../../errors'
import type { BlogRepository, BlogSlugNamespace } from '../../ports/storage'

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
const MAX_SLUG_LENGTH = 200

/** An explicit slug: lower-case letters and digits in groups joined by single hyphens. */
export const slugField = v.pipe(
  v.string(),
  v.maxLength(MAX_SLUG_LENGTH, `must be at most ${MAX_SLUG_LENGTH} characters`),
  v.regex(SLUG_PATTERN, 'must be lower-case letters and digits joined by single hyphens (^[a-z0-9]+(-[a-z0-9]+)*$)'),
)

/** What a record is called when its title has no letter or digit to make a slug of. */
const FALLBACK: Record<BlogSlugNamespace, string> = { posts: 'post', categories: 'category', tags: 'tag' }

/**
 * The slug of a title or name: German umlauts as ae/oe/ue and ß as ss, other letters without
 * their accents, everything else a hyphen; short enough to take a `-N` suffix.
 */
export function slugOf(namespace: BlogSlugNamespace, text: string): string {
  const slug = slugify(text, { customReplacements: [['&', ' ']] }).slice(0, MAX_SLUG_LENGTH - 10).replace(/-+$/, '')
  return slug === '' ? FALLBACK[namespace] : slug
}

/** The first of `base`, `base-2`, `base-3`, … no record of the namespace holds. */
export async function freeSlug(blog: BlogRepository, namespace: BlogSlugNamespace, base: string): Promise<string> {
  const taken = new Set(await blog.slugsLike(namespace, base))
  if (!taken.has(base)) return base
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`
}

const slugTaken = (namespace: BlogSlugNamespace, slug: string) =>
  new InvoicingError('slug_taken', `Another ${FALLBACK[namespace]} has the slug ${slug}`, { field: 'slug', slug })

/**
 * Stores a record under its slug through `store` (an insert-if-absent of the storage): an
 * explicit slug that is taken → 409 `slug_taken`; a derived one takes the next free suffix.
 */
export async function storeWithSlug<T extends { slug: string }>(
  blog: BlogRepository, namespace: BlogSlugNamespace, record: T, slug: { explicit: string } | { derivedFrom: string },
  store: (record: T) => Promise<boolean>,
): Promise<T> {
  if ('explicit' in slug) {
    const kept = { ...record, slug: slug.explicit }
    if (!(await store(kept))) throw slugTaken(namespace, slug.explicit)
    return kept
  }
  const base = slugOf(namespace, slug.derivedFrom)
  // Inside one transaction the free slug stays free; a store whose transactions overlap may still refuse it, so ask again a few times.
  for (let attempt = 0; attempt < 5; attempt++) {
    const kept = { ...record, slug: await freeSlug(blog, namespace, base) }
    if (await store(kept)) return kept
  }
  throw new InvoicingError('busy', 'Concurrent writes kept taking the slug; retry in 1 s', { retryAfterSeconds: 1 })
}
