import {
  BLOG_MEDIA_MAX_BYTES, BlogPageQuerySchema, CategoryCreateSchema, CategoryUpdateSchema, MediaUpdateSchema, PostCreateSchema, PostListQuerySchema,
  PostUpdateSchema, PublishSchema, TagCreateSchema, TagUpdateSchema, type BlogMedia, type Invoicing, type StagedMedia,
} from '@invoicing/core'
import { multipartUpload, type MultipartUpload } from '../middleware/multipart-upload'
import {
  BlogCategoryResponseSchema, blogListOf, blogListSchema, BlogMediaResponseSchema, BlogPostResponseSchema, BlogTagResponseSchema, OkSchema,
} from '../responses/blog'
import { fileBody } from '../responses/file-body'
import { defineRoute } from './route'

const tag = 'blog'
const ADMIN = 'Needs the key of a platform administrator (403 platform_admin_required); no scope.'
const ok = { ok: true } as const

/** The form of POST /blog/media as the OpenAPI document shows it. */
const MEDIA_FORM = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: `PNG, JPEG, WebP, GIF, SVG (sanitised) or PDF, at most ${BLOG_MEDIA_MAX_BYTES} bytes; the type is read from the content` },
    altText: { type: 'string', maxLength: 500 },
  },
}

const described = (text: string) => `${text} ${ADMIN}`

export const blogRoutes = ({ blog }: Invoicing) => [
  defineRoute({
    method: 'get', path: '/blog/posts', tag, operationId: 'listBlogPosts', summary: 'List blog posts',
    description: described('{ posts, pagination }: posts with a publishedAt first (latest first, whatever their status), then the others by updatedAt (latest first). search matches the title.'),
    scopes: [],
    query: PostListQuerySchema,
    responses: { 200: { description: 'A page of posts', schema: blogListSchema('posts', BlogPostResponseSchema) } },
    handle: async ({ principal, query }) => ({ body: blogListOf('posts', await blog.posts.list(principal, query)) }),
  }),
  defineRoute({
    method: 'post', path: '/blog/posts', tag, operationId: 'createBlogPost', summary: 'Write a blog post (DRAFT)',
    description: described('The slug defaults from the title (taken: -2, -3, …); a taken slug given → 409 slug_taken. status is changed by publish, unpublish and archive (400 status_read_only). Unknown categoryIds, tagIds or coverMediaId → 404 naming the field. HTML, given or in markdown, is sanitised when saved.'),
    scopes: [],
    body: PostCreateSchema,
    responses: { 201: { description: 'The post (no envelope)', schema: BlogPostResponseSchema } },
    errors: [404],
    run: ({ principal, body }, claim) => blog.posts.create(principal, body, claim),
    respond: (post) => ({ status: 201, body: post, resourceId: post.id }),
  }),
  defineRoute({
    method: 'get', path: '/blog/posts/{id}', tag, operationId: 'getBlogPost', summary: 'Read a blog post',
    description: described(''), scopes: [],
    responses: { 200: { description: 'The post (no envelope)', schema: BlogPostResponseSchema } },
    errors: [404],
    handle: async ({ principal, params }) => ({ body: await blog.posts.get(principal, params.id!) }),
  }),
  defineRoute({
    method: 'put', path: '/blog/posts/{id}', tag, operationId: 'updateBlogPost', summary: 'Change a blog post',
    description: described('Partial: absent fields stay, null clears an optional one. Allowed in every status. status → 400 status_read_only.'),
    scopes: [],
    body: PostUpdateSchema,
    responses: { 200: { description: 'The post (no envelope)', schema: BlogPostResponseSchema } },
    errors: [404, 409],
    handle: async ({ principal, params, body }) => ({ body: await blog.posts.update(principal, params.id!, body) }),
  }),
  defineRoute({
    method: 'delete', path: '/blog/posts/{id}', tag, operationId: 'deleteBlogPost', summary: 'Delete a blog post',
    description: described(''), scopes: [],
    responses: { 200: { description: 'Deleted', schema: OkSchema } },
    errors: [404],
    handle: async ({ principal, params }) => {
      await blog.posts.delete(principal, params.id!)
      return { body: ok }
    },
  }),
  ...(['publish', 'unpublish', 'archive'] as const).map((action) => defineRoute({
    method: 'post', path: `/blog/posts/{id}/${action}`, tag, operationId: `${action}BlogPost`,
    summary: { publish: 'Publish a post now or at publishAt', unpublish: 'Take a post back to DRAFT', archive: 'Archive a post' }[action],
    description: described({
      publish: 'From DRAFT: publishAt absent or not in the future → PUBLISHED (publishedAt now); in the future → SCHEDULED, published by the scheduler at publishAt. Needs content (400 content_required).',
      unpublish: 'SCHEDULED, PUBLISHED or ARCHIVED → DRAFT; publishAt is cleared, publishedAt kept.',
      archive: 'Any status but ARCHIVED → ARCHIVED.',
    }[action] + ' Another status → 409 status_conflict.'),
    scopes: [],
    ...(action === 'publish' ? { body: PublishSchema } : {}),
    responses: { 200: { description: 'The post (no envelope)', schema: BlogPostResponseSchema } },
    errors: [404, 409],
    run: ({ principal, params, body }, claim) => action === 'publish'
      ? blog.posts.publish(principal, params.id!, body as never, claim)
      : blog.posts[action](principal, params.id!, claim),
    respond: (post) => ({ body: post }),
  })),
  ...([
    { group: 'categories', service: blog.categories, name: 'Category', create: CategoryCreateSchema, update: CategoryUpdateSchema, schema: BlogCategoryResponseSchema,
      deleted: 'A category posts use → 409 category_in_use.' },
    { group: 'tags', service: blog.tags, name: 'Tag', create: TagCreateSchema, update: TagUpdateSchema, schema: BlogTagResponseSchema,
      deleted: 'The tag is taken off its posts.' },
  ] as const).flatMap(({ group, service, name, create, update, schema, deleted }) => [
    defineRoute({
      method: 'get', path: `/blog/${group}`, tag, operationId: `listBlog${name === 'Category' ? 'Categories' : 'Tags'}`, summary: `List blog ${group}`,
      description: described(`{ ${group}, pagination }, by name.`), scopes: [],
      query: BlogPageQuerySchema,
      responses: { 200: { description: `A page of ${group}`, schema: blogListSchema(group, schema) } },
      handle: async ({ principal, query }) => ({ body: blogListOf(group, await service.list(principal, query)) }),
    }),
    defineRoute({
      method: 'post', path: `/blog/${group}`, tag, operationId: `createBlog${name}`, summary: `Add a blog ${name.toLowerCase()}`,
      description: described('The slug defaults from the name (taken: -2, -3, …); a taken slug given → 409 slug_taken.'), scopes: [],
      body: create,
      responses: { 201: { description: `The ${name.toLowerCase()} (no envelope)`, schema } },
      run: ({ principal, body }, claim) => service.create(principal, body as never, claim),
      respond: (record: { id: string }) => ({ status: 201, body: record, resourceId: record.id }),
    }),
    defineRoute({
      method: 'put', path: `/blog/${group}/{id}`, tag, operationId: `updateBlog${name}`, summary: `Change a blog ${name.toLowerCase()}`,
      description: described('Partial; a taken slug → 409 slug_taken.'), scopes: [],
      body: update,
      responses: { 200: { description: `The ${name.toLowerCase()} (no envelope)`, schema } },
      errors: [404, 409],
      handle: async ({ principal, params, body }) => ({ body: await service.update(principal, params.id!, body as never) }),
    }),
    defineRoute({
      method: 'delete', path: `/blog/${group}/{id}`, tag, operationId: `deleteBlog${name}`, summary: `Delete a blog ${name.toLowerCase()}`,
      description: described(deleted), scopes: [],
      responses: { 200: { description: 'Deleted', schema: OkSchema } },
      errors: [404, 409],
      handle: async ({ principal, params }) => {
        await service.delete(principal, params.id!)
        return { body: ok }
      },
    }),
  ]),
  defineRoute({
    method: 'get', path: '/blog/media', tag, operationId: 'listBlogMedia', summary: 'List blog media',
    description: described('{ media, pagination }, newest first.'), scopes: [],
    query: BlogPageQuerySchema,
    responses: { 200: { description: 'A page of media', schema: blogListSchema('media', BlogMediaResponseSchema) } },
    handle: async ({ principal, query }) => ({ body: blogListOf('media', await blog.media.list(principal, query)) }),
  }),
  defineRoute<MultipartUpload<StagedMedia>, undefined, BlogMedia>({
    method: 'post', path: '/blog/media', tag, operationId: 'uploadBlogMedia', summary: 'Upload an image or PDF (multipart)',
    description: described(`multipart/form-data with a part file and an optional altText field. Over ${BLOG_MEDIA_MAX_BYTES} bytes → 413 file_too_large (the body is cut off there); a type other than PNG, JPEG, WebP, GIF, SVG or PDF (read from the content) → 415 unsupported_media_type. SVGs are sanitised; width and height are read from the image.`),
    scopes: [],
    rawBody: {
      parse: multipartUpload({ stage: (principal, content) => blog.media.stage(principal, content), discardStaged: (staged) => blog.media.discardStaged(staged) }),
      contentType: 'multipart/form-data', schema: MEDIA_FORM, description: 'The file and its alt text',
    },
    responses: { 201: { description: 'The media file (no envelope)', schema: BlogMediaResponseSchema } },
    errors: [413, 415],
    fingerprintBody: ({ fields, file }) => ({ fields, file }),
    run: ({ principal, body }, claim) => blog.media.create(principal, body.file, body.fields, body.staged, claim),
    respond: (media) => ({ status: 201, body: media, resourceId: media.id }),
  }),
  defineRoute({
    method: 'put', path: '/blog/media/{id}', tag, operationId: 'updateBlogMedia', summary: 'Change a media file\'s alt text',
    description: described(''), scopes: [],
    body: MediaUpdateSchema,
    responses: { 200: { description: 'The media file (no envelope)', schema: BlogMediaResponseSchema } },
    errors: [404],
    handle: async ({ principal, params, body }) => ({ body: await blog.media.update(principal, params.id!, body) }),
  }),
  defineRoute({
    method: 'get', path: '/blog/media/{id}/content', tag, operationId: 'getBlogMediaContent', summary: 'A media file\'s bytes',
    description: described('With the stored Content-Type; an SVG also with Content-Security-Policy: sandbox, so it never runs as a page.'), scopes: [],
    responses: { 200: { description: 'The bytes', contentType: 'application/octet-stream', headers: { 'Content-Type': 'The stored type', 'X-Content-Type-Options': 'nosniff' } } },
    errors: [404],
    handle: async ({ principal, params }) => {
      const { media, read } = await blog.media.content(principal, params.id!)
      const content = await read()
      return {
        body: fileBody(content.stream),
        headers: {
          'Content-Type': media.contentType, 'Content-Length': String(content.size), 'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, max-age=3600',
          ...(media.contentType === 'image/svg+xml' ? { 'Content-Security-Policy': 'sandbox' } : {}),
        },
      }
    },
  }),
  defineRoute({
    method: 'delete', path: '/blog/media/{id}', tag, operationId: 'deleteBlogMedia', summary: 'Delete a media file and its bytes',
    description: described('A media file a post has as its cover → 409 media_in_use.'), scopes: [],
    responses: { 200: { description: 'Deleted', schema: OkSchema } },
    errors: [404, 409],
    handle: async ({ principal, params }) => {
      await blog.media.delete(principal, params.id!)
      return { body: ok }
    },
  }),
]
