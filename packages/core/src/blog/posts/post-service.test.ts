import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../../access/actor'
import { createInvoicing } from '../../create-invoicing'
import type { DomainEvent } from '../../events/domain-event'
import { createManualClock, createMemoryStorage, failsWith } from '../../testing'
import type { BlogCaller } from '../blog-caller'

async function setup() {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const invoicing = createInvoicing({ storage, clock })
  const company = await invoicing.companies.create({ name: 'Plattform GmbH' })
  const admin: BlogCaller = { actor: { companyId: company.id, apiKeyId: 'key-admin' }, platformAdmin: true }
  const outsider: BlogCaller = { actor: companyActor(company.id), platformAdmin: false }
  const events: DomainEvent[] = []
  invoicing.events.on('*', (event) => events.push(event))
  const auditActions = async () => (await storage.audit.list(company.id, { limit: 100, offset: 0 })).items.map((entry) => entry.action).reverse()
  return { invoicing, blog: invoicing.blog, clock, storage, admin, outsider, events, auditActions, company }
}

describe('blog posts', () => {
  it('refuses every use case to a key that is not a platform administrator’s, before looking at anything', async () => {
    const { blog, admin, outsider } = await setup()
    const post = await blog.posts.create(admin, { title: 'Hallo' })
    const refusals = [
      blog.posts.create(outsider, { title: 'x' }), blog.posts.get(outsider, post.id), blog.posts.list(outsider), blog.posts.update(outsider, post.id, { title: 'y' }),
      blog.posts.delete(outsider, post.id), blog.posts.publish(outsider, post.id), blog.posts.unpublish(outsider, post.id), blog.posts.archive(outsider, post.id),
      blog.posts.get(outsider, 'missing'), blog.categories.list(outsider), blog.categories.create(outsider, { name: 'x' }), blog.tags.list(outsider),
      blog.tags.create(outsider, { name: 'x' }), blog.media.list(outsider), blog.media.get(outsider, 'missing'),
    ]
    for (const refused of refusals) await assert.rejects(refused, failsWith('platform_admin_required'))
    assert.equal((await blog.posts.get(admin, post.id)).title, 'Hallo')
  })

  it('creates a DRAFT with defaults, renders markdown to sanitised HTML, and audits it under the key’s company without events', async () => {
    const { blog, admin, events, auditActions } = await setup()
    const post = await blog.posts.create(admin, { title: 'Über Größe & Maß', content: '## Teil\n\nText **fett** <span onclick="x()">s</span>', seo_title: 'SEO' } as never)
    assert.deepEqual({ ...post, id: undefined }, {
      id: undefined, slug: 'ueber-groesse-mass', title: 'Über Größe & Maß', excerpt: null, content: '## Teil\n\nText **fett** s', contentFormat: 'markdown',
      contentHtml: '<h2>Teil</h2>\n<p>Text <strong>fett</strong> s</p>\n', locale: 'de', coverMediaId: null, categoryIds: [], tagIds: [],
      authorName: null, seoTitle: 'SEO', seoDescription: null, status: 'DRAFT', publishAt: null, publishedAt: null,
      createdAt: '2026-03-16T09:00:00.000Z', updatedAt: '2026-03-16T09:00:00.000Z',
    })
    assert.deepEqual(await blog.posts.get(admin, post.id), post)
    assert.deepEqual(await auditActions(), ['BLOG_POST_CREATED_VIA_API'])
    assert.deepEqual(events, [])
  })

  it('derives slugs with -2, -3 when taken, refuses a taken explicit slug with 409, and keeps namespaces apart', async () => {
    const { blog, admin } = await setup()
    const slugs = []
    for (let count = 0; count < 3; count++) slugs.push((await blog.posts.create(admin, { title: 'Neues Jahr' })).slug)
    assert.deepEqual(slugs, ['neues-jahr', 'neues-jahr-2', 'neues-jahr-3'])
    await assert.rejects(blog.posts.create(admin, { title: 'Anders', slug: 'neues-jahr-2' }), failsWith('slug_taken', { field: 'slug', slug: 'neues-jahr-2' }))
    await assert.rejects(blog.posts.create(admin, { title: 'x', slug: 'Not A Slug' }), failsWith('validation_failed', { field: 'slug' }))
    assert.equal((await blog.categories.create(admin, { name: 'Neues Jahr' })).slug, 'neues-jahr')
    assert.equal((await blog.tags.create(admin, { name: 'Neues Jahr' })).slug, 'neues-jahr')
    const other = await blog.posts.create(admin, { title: 'Anders' })
    await assert.rejects(blog.posts.update(admin, other.id, { slug: 'neues-jahr' }), failsWith('slug_taken'))
    assert.equal((await blog.posts.update(admin, other.id, { slug: 'anders-neu' })).slug, 'anders-neu')
    assert.equal((await blog.posts.create(admin, { title: '日本語' })).slug, 'post')
  })

  it('refuses status in a body, and names the field of an unknown category, tag or cover', async () => {
    const { blog, admin } = await setup()
    await assert.rejects(blog.posts.create(admin, { title: 'x', status: 'PUBLISHED' } as never), failsWith('status_read_only', { field: 'status' }))
    const post = await blog.posts.create(admin, { title: 'x' })
    await assert.rejects(blog.posts.update(admin, post.id, { status: 'DRAFT' } as never), failsWith('status_read_only'))
    await assert.rejects(blog.posts.create(admin, { title: 'x', categoryIds: ['nope'] }), failsWith('not_found', { field: 'categoryIds' }))
    await assert.rejects(blog.posts.update(admin, post.id, { tagIds: ['nope'] }), failsWith('not_found', { field: 'tagIds' }))
    await assert.rejects(blog.posts.update(admin, post.id, { coverMediaId: 'nope' }), failsWith('not_found', { field: 'coverMediaId' }))
    await assert.rejects(blog.posts.update(admin, 'missing', { title: 'y' }), failsWith('not_found'))
    await assert.rejects(blog.posts.create(admin, { title: 'x', seoTitle: 'x'.repeat(71) }), failsWith('validation_failed', { field: 'seoTitle' }))
    await assert.rejects(blog.posts.create(admin, { title: 'x', seoDescription: 'x'.repeat(161) }), failsWith('validation_failed', { field: 'seoDescription' }))
  })

  it('updates partially: absent fields stay, null clears, a new format re-renders the stored content', async () => {
    const { blog, admin, clock } = await setup()
    const category = await blog.categories.create(admin, { name: 'Recht' })
    const tag = await blog.tags.create(admin, { name: 'E-Rechnung' })
    const post = await blog.posts.create(admin, { title: 'T', excerpt: 'Kurz', authorName: 'Anna', content: '*a*', categoryIds: [category.id, category.id], tagIds: [tag.id] })
    assert.deepEqual(post.categoryIds, [category.id])
    clock.advance(60_000)
    const updated = await blog.posts.update(admin, post.id, { excerpt: null, locale: 'en' })
    assert.deepEqual([updated.excerpt, updated.locale, updated.authorName, updated.title, updated.content, updated.tagIds], [null, 'en', 'Anna', 'T', '*a*', [tag.id]])
    assert.equal(updated.updatedAt, '2026-03-16T09:01:00.000Z')
    const html = await blog.posts.update(admin, post.id, { contentFormat: 'html', content: '<p onmouseover="x()">Hi<script>alert(1)</script></p><iframe src="https://e.vil"></iframe>' })
    assert.deepEqual([html.content, html.contentHtml], ['<p>Hi</p>', '<p>Hi</p>'])
  })

  it('walks the status table: publish now or scheduled, unpublish, archive; other moves are 409 with the allowed statuses', async () => {
    const { blog, admin, clock, auditActions } = await setup()
    const post = await blog.posts.create(admin, { title: 'T' })
    await assert.rejects(blog.posts.publish(admin, post.id), failsWith('content_required', { field: 'content' }))
    await assert.rejects(blog.posts.publish(admin, post.id, { publishAt: '2026-04-01T08:00:00Z' }), failsWith('content_required'))
    await blog.posts.update(admin, post.id, { content: 'Text' })
    const scheduled = await blog.posts.publish(admin, post.id, { publishAt: '2026-04-01T10:00:00+02:00' })
    assert.deepEqual([scheduled.status, scheduled.publishAt, scheduled.publishedAt], ['SCHEDULED', '2026-04-01T08:00:00.000Z', null])
    await assert.rejects(blog.posts.publish(admin, post.id), failsWith('status_conflict', { status: 'SCHEDULED', allowedStatuses: ['DRAFT'] }))
    const draft = await blog.posts.unpublish(admin, post.id)
    assert.deepEqual([draft.status, draft.publishAt], ['DRAFT', null])
    await assert.rejects(blog.posts.unpublish(admin, post.id), failsWith('status_conflict', { status: 'DRAFT', allowedStatuses: ['SCHEDULED', 'PUBLISHED', 'ARCHIVED'] }))
    clock.advance(60_000)
    const live = await blog.posts.publish(admin, post.id, { publishAt: '2026-03-01T00:00:00Z' })
    assert.deepEqual([live.status, live.publishedAt], ['PUBLISHED', '2026-03-16T09:01:00.000Z'])
    const archived = await blog.posts.archive(admin, post.id)
    assert.equal(archived.status, 'ARCHIVED')
    await assert.rejects(blog.posts.archive(admin, post.id), failsWith('status_conflict', { status: 'ARCHIVED', allowedStatuses: ['DRAFT', 'SCHEDULED', 'PUBLISHED'] }))
    await assert.rejects(blog.posts.publish(admin, post.id), failsWith('status_conflict', { status: 'ARCHIVED' }))
    const back = await blog.posts.unpublish(admin, post.id)
    assert.deepEqual([back.status, back.publishedAt], ['DRAFT', '2026-03-16T09:01:00.000Z'], 'publishedAt is kept')
    assert.equal((await blog.posts.update(admin, post.id, { title: 'Edited in any status' })).title, 'Edited in any status')
    assert.deepEqual((await auditActions()).filter((action) => action !== 'BLOG_POST_UPDATED_VIA_API'), [
      'BLOG_POST_CREATED_VIA_API', 'BLOG_POST_PUBLISHED_VIA_API', 'BLOG_POST_UNPUBLISHED_VIA_API', 'BLOG_POST_PUBLISHED_VIA_API',
      'BLOG_POST_ARCHIVED_VIA_API', 'BLOG_POST_UNPUBLISHED_VIA_API',
    ])
    await blog.posts.delete(admin, post.id)
    await assert.rejects(blog.posts.get(admin, post.id), failsWith('not_found'))
    assert.equal((await auditActions()).at(-1), 'BLOG_POST_DELETED_VIA_API')
  })

  it('lists published posts by publishedAt, then the rest by updatedAt, with filters and pagination', async () => {
    const { blog, admin, clock } = await setup()
    const category = await blog.categories.create(admin, { name: 'News' })
    const tag = await blog.tags.create(admin, { name: 'Tipp' })
    const make = async (title: string, extra: object = {}) => {
      clock.advance(60_000)
      return blog.posts.create(admin, { title, content: 'x', ...extra })
    }
    const first = await make('Erster Beitrag', { categoryIds: [category.id] })
    const second = await make('Zweiter', { locale: 'en', tagIds: [tag.id] })
    const draftOld = await make('Entwurf alt')
    const draftNew = await make('Entwurf neu')
    clock.advance(60_000)
    await blog.posts.publish(admin, second.id)
    clock.advance(60_000)
    await blog.posts.publish(admin, first.id)
    clock.advance(60_000)
    await blog.posts.update(admin, draftOld.id, { excerpt: 'touched' })
    const titles = async (query: object = {}) => (await blog.posts.list(admin, query)).items.map((post) => post.title)
    assert.deepEqual(await titles(), [first.title, second.title, draftOld.title, draftNew.title])
    assert.deepEqual(await titles({ status: 'draft' }), [draftOld.title, draftNew.title])
    assert.deepEqual(await titles({ locale: 'en' }), [second.title])
    assert.deepEqual(await titles({ categoryId: category.id }), [first.title])
    assert.deepEqual(await titles({ tag_id: tag.id }), [second.title])
    assert.deepEqual(await titles({ search: 'ENTWURF' }), [draftOld.title, draftNew.title])
    const page = await blog.posts.list(admin, { limit: 2, offset: 1 })
    assert.deepEqual([page.items.map((post) => post.title), page.total, page.limit, page.offset], [[second.title, draftOld.title], 4, 2, 1])
  })
})

describe('blog categories and tags', () => {
  it('changes them partially, refuses to delete a category in use, and takes a deleted tag off its posts', async () => {
    const { blog, admin, auditActions } = await setup()
    const category = await blog.categories.create(admin, { name: 'Steuern', description: 'Alles zur USt' })
    const tag = await blog.tags.create(admin, { name: 'UStVA', slug: 'ustva' })
    await assert.rejects(blog.categories.create(admin, { name: 'x'.repeat(101) }), failsWith('validation_failed', { field: 'name' }))
    await assert.rejects(blog.tags.create(admin, { name: 'Other', slug: 'ustva' }), failsWith('slug_taken'))
    assert.deepEqual(await blog.categories.update(admin, category.id, { name: 'Steuer' }), { id: category.id, slug: 'steuern', name: 'Steuer', description: 'Alles zur USt' })
    assert.deepEqual(await blog.tags.update(admin, tag.id, { slug: 'ust-va' }), { id: tag.id, slug: 'ust-va', name: 'UStVA' })
    const post = await blog.posts.create(admin, { title: 'T', categoryIds: [category.id], tagIds: [tag.id] })
    await assert.rejects(blog.categories.delete(admin, category.id), failsWith('category_in_use'))
    await blog.tags.delete(admin, tag.id)
    assert.deepEqual((await blog.posts.get(admin, post.id)).tagIds, [])
    assert.deepEqual((await blog.tags.list(admin)).items, [])
    await blog.posts.update(admin, post.id, { categoryIds: [] })
    await blog.categories.delete(admin, category.id)
    assert.equal((await blog.categories.list(admin)).total, 0)
    await assert.rejects(blog.categories.delete(admin, category.id), failsWith('not_found'))
    assert.deepEqual((await auditActions()).filter((action) => !action.startsWith('BLOG_POST')), [
      'BLOG_CATEGORY_CREATED_VIA_API', 'BLOG_TAG_CREATED_VIA_API', 'BLOG_CATEGORY_UPDATED_VIA_API', 'BLOG_TAG_UPDATED_VIA_API',
      'BLOG_TAG_DELETED_VIA_API', 'BLOG_CATEGORY_DELETED_VIA_API',
    ])
  })

  it('lists categories and tags by name', async () => {
    const { blog, admin } = await setup()
    for (const name of ['Zoll', 'Abgaben', 'Mahnwesen']) await blog.categories.create(admin, { name })
    assert.deepEqual((await blog.categories.list(admin, { limit: 2 })).items.map((category) => category.name), ['Abgaben', 'Mahnwesen'])
  })
})
