import type { Locale } from '../../shared/fields'

export const BLOG_POST_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'ARCHIVED'] as const
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number]

export const CONTENT_FORMATS = ['markdown', 'html'] as const
export type ContentFormat = (typeof CONTENT_FORMATS)[number]

/** A post of the platform's blog (no company owns it). */
export interface BlogPost {
  id: string
  /** Unique among posts. */
  slug: string
  title: string
  excerpt: string | null
  /** Markdown as written (raw HTML in it sanitised), or sanitised HTML. */
  content: string | null
  contentFormat: ContentFormat
  /** Read-only: the content rendered to HTML and sanitised, what a page shows. */
  contentHtml: string | null
  locale: Locale
  coverMediaId: string | null
  categoryIds: string[]
  tagIds: string[]
  authorName: string | null
  seoTitle: string | null
  seoDescription: string | null
  status: BlogPostStatus
  publishAt: string | null
  publishedAt: string | null
  createdAt: string
  updatedAt: string
}
