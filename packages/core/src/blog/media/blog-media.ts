/** The types blog media may have, found by their content (never by what the client declares). */
export const BLOG_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml', 'application/pdf'] as const
export type BlogMediaType = (typeof BLOG_MEDIA_TYPES)[number]

/** The largest media file. */
export const BLOG_MEDIA_MAX_BYTES = 10 * 1024 * 1024

/** An image or PDF of the blog; its bytes are in the document file store under {@link blogMediaKey}. */
export interface BlogMedia {
  id: string
  fileName: string
  contentType: BlogMediaType
  size: number
  /** Pixels; null for PDF (and an SVG without a size). */
  width: number | null
  height: number | null
  altText: string | null
  createdAt: string
}

/** Where a media file's bytes are kept. */
export const blogMediaKey = (id: string): string => `blog-media/${id}`

/** The URL of a media file's bytes, the one relative `img src` the sanitiser keeps. */
export const blogMediaContentPath = (id: string): string => `/api/v1/blog/media/${id}/content`
