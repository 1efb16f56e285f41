import { foldForSearch, type BlogCategory, type BlogMedia, type BlogMediaType, type BlogPost, type BlogPostStatus, type BlogTag, type ContentFormat } from '@invoicing/core'
import type { Insertable, Selectable } from 'kysely'
import type { BlogCategoryTable, BlogMediaTable, BlogPostTable, BlogTagTable } from '../database'

/** A post's own columns (its categories and tags are rows of their own). */
export const postToRow = (post: BlogPost): Insertable<BlogPostTable> => ({
  id: post.id, slug: post.slug, title: post.title, search_text: foldForSearch(post.title), excerpt: post.excerpt, content: post.content,
  content_format: post.contentFormat, content_html: post.contentHtml, locale: post.locale, cover_media_id: post.coverMediaId,
  author_name: post.authorName, seo_title: post.seoTitle, seo_description: post.seoDescription, status: post.status,
  publish_at: post.publishAt, published_at: post.publishedAt, created_at: post.createdAt, updated_at: post.updatedAt,
})

export const postFromRow = (row: Selectable<BlogPostTable>, categoryIds: string[], tagIds: string[]): BlogPost => ({
  id: row.id, slug: row.slug, title: row.title, excerpt: row.excerpt, content: row.content, contentFormat: row.content_format as ContentFormat,
  contentHtml: row.content_html, locale: row.locale as BlogPost['locale'], coverMediaId: row.cover_media_id, categoryIds, tagIds,
  authorName: row.author_name, seoTitle: row.seo_title, seoDescription: row.seo_description, status: row.status as BlogPostStatus,
  publishAt: row.publish_at, publishedAt: row.published_at, createdAt: row.created_at, updatedAt: row.updated_at,
})

export const categoryFromRow = (row: Selectable<BlogCategoryTable>): BlogCategory => ({ id: row.id, slug: row.slug, name: row.name, description: row.description })

export const tagFromRow = (row: Selectable<BlogTagTable>): BlogTag => ({ id: row.id, slug: row.slug, name: row.name })

export const mediaToRow = (media: BlogMedia): Insertable<BlogMediaTable> => ({
  id: media.id, file_name: media.fileName, content_type: media.contentType, size: media.size, width: media.width, height: media.height,
  alt_text: media.altText, created_at: media.createdAt,
})

export const mediaFromRow = (row: Selectable<BlogMediaTable>): BlogMedia => ({
  id: row.id, fileName: row.file_name, contentType: row.content_type as BlogMediaType, size: row.size, width: row.width, height: row.height,
  altText: row.alt_text, createdAt: row.created_at,
})
