import * as v from 'valibot'
import { boundedString, clearable, locale, optionalText, requiredText, timestamp, upperCased, searchTerm } from '../../shared/fields'
import { pageEntries } from '../../shared/pagination'
import { aliased } from '../../shared/validation'
import { slugField } from '../slugs/slug'
import { BLOG_POST_STATUSES, CONTENT_FORMATS } from './blog-post'

/** The longest content: far more than any article, small enough to render within a request. */
export const MAX_CONTENT_LENGTH = 500_000
/** Categories and tags a post may have. */
const MAX_TERMS = 50

const id = boundedString(100)
const ids = (what: string) => v.pipe(v.array(id), v.maxLength(MAX_TERMS, `must hold at most ${MAX_TERMS} ids`), v.description(`Ids of existing ${what}; duplicates are kept once`))

/** The fields a post is written with (POST and PUT). */
const postEntries = {
  slug: v.optional(v.pipe(slugField, v.description('Unique among posts; default from the title (umlauts as ae, oe, ue; a taken one gets -2, -3, …)'))),
  excerpt: optionalText(500),
  content: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(MAX_CONTENT_LENGTH, `must be at most ${MAX_CONTENT_LENGTH} characters`),
    v.description('Markdown (stored as written, raw HTML in it sanitised) or HTML (sanitised); required to publish')))),
  contentFormat: v.optional(v.pipe(v.picklist(CONTENT_FORMATS), v.description('Default markdown'))),
  locale: v.optional(v.pipe(locale, v.description('Default de'))),
  coverMediaId: v.optional(v.nullable(v.pipe(id, v.description('An existing media file')))),
  categoryIds: v.optional(ids('categories')),
  tagIds: v.optional(ids('tags')),
  authorName: optionalText(200),
  seoTitle: optionalText(70),
  seoDescription: optionalText(160),
}

/** POST /blog/posts. */
export const PostCreateSchema = aliased(v.object({ title: requiredText(200), ...postEntries }))
export type PostCreateInput = v.InferInput<typeof PostCreateSchema>

/** PUT /blog/posts/{id}: partial; `null` clears an optional field. */
export const PostUpdateSchema = aliased(v.object({ title: v.optional(requiredText(200)), ...postEntries }))
export type PostUpdateInput = v.InferInput<typeof PostUpdateSchema>

/** POST /blog/posts/{id}/publish. */
export const PublishSchema = aliased(v.object({
  publishAt: clearable(v.pipe(timestamp, v.description('Absent or not in the future: published now; in the future: SCHEDULED until then'))),
}))
export type PublishInput = v.InferInput<typeof PublishSchema>

/** GET /blog/posts. */
export const PostListQuerySchema = aliased(v.object({
  status: v.optional(upperCased(BLOG_POST_STATUSES)),
  locale: v.optional(locale),
  categoryId: v.optional(id),
  tagId: v.optional(id),
  search: searchTerm('the title'),
  ...pageEntries,
}))
export type PostListQuery = v.InferInput<typeof PostListQuerySchema>

/** The blog's lists without filters (categories, tags, media). */
export const BlogPageQuerySchema = aliased(v.object({ ...pageEntries }))
export type BlogPageQuery = v.InferInput<typeof BlogPageQuerySchema>
