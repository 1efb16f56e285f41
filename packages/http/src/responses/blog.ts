import { BLOG_MEDIA_TYPES, BLOG_POST_STATUSES, CONTENT_FORMATS, paginationOf, SLUG_PATTERN, type Page } from '@invoicing/core'
import * as v from 'valibot'
import { nullableNumber, nullableString, PaginationSchema, timestamp } from './shapes'

// The blog answers in the shapes of the API specification's exception: lists under their own
// key with `pagination`, single objects without an envelope, deletions `{ ok: true }`.

const slug = v.pipe(v.string(), v.regex(SLUG_PATTERN), v.description('Unique in its namespace (posts, categories, tags)'))

export const BlogPostResponseSchema = v.strictObject({
  id: v.string(),
  slug,
  title: v.string(),
  excerpt: nullableString,
  content: v.pipe(nullableString, v.description('Markdown as written (raw HTML in it sanitised) or sanitised HTML')),
  contentFormat: v.picklist(CONTENT_FORMATS),
  contentHtml: v.pipe(nullableString, v.description('Read-only: the content rendered to HTML and sanitised to the allow-list')),
  locale: v.picklist(['de', 'en']),
  coverMediaId: nullableString,
  categoryIds: v.array(v.string()),
  tagIds: v.array(v.string()),
  authorName: nullableString,
  seoTitle: nullableString,
  seoDescription: nullableString,
  status: v.picklist(BLOG_POST_STATUSES),
  publishAt: v.nullable(timestamp),
  publishedAt: v.nullable(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
})

export const BlogCategoryResponseSchema = v.strictObject({ id: v.string(), slug, name: v.string(), description: nullableString })
export const BlogTagResponseSchema = v.strictObject({ id: v.string(), slug, name: v.string() })
export const BlogMediaResponseSchema = v.strictObject({
  id: v.string(),
  fileName: v.string(),
  contentType: v.pipe(v.picklist(BLOG_MEDIA_TYPES), v.description('Found by the content, not by what the upload declared')),
  size: v.number(),
  width: v.pipe(nullableNumber, v.description('Pixels; null for PDF')),
  height: nullableNumber,
  altText: nullableString,
  createdAt: timestamp,
})

export const OkSchema = v.strictObject({ ok: v.literal(true) })

/** A blog list: `{ <key>: [...], pagination }`. */
export const blogListSchema = <T extends v.GenericSchema>(key: string, item: T) => v.strictObject({ [key]: v.array(item), pagination: PaginationSchema })
export const blogListOf = (key: string, page: Page<unknown>) => ({ [key]: page.items, pagination: paginationOf(page) })
