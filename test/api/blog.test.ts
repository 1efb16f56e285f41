import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { apiClient, type ApiClient } from '../support/api-client'
import { documentedResponses } from '../support/documented'
import { multipartBody, PDF, PNG } from '../support/files'
import { createTenant, type Tenant } from '../support/tenant'
import { startTestApp, type TestApp } from '../support/test-app'

describe('the blog (platform administrators)', () => {
  let app: TestApp
  let admin: Tenant
  let api: ApiClient
  let documented: ReturnType<typeof documentedResponses>
  before(async () => {
    app = await startTestApp({ access: { requestsPerMinute: 100_000 } })
    admin = await createTenant(app, { name: 'Plattform GmbH' }, { platformAdmin: true })
    api = admin.api
    documented = documentedResponses((await api.get('/openapi.json')).body)
  })
  after(() => app.stop())

  const media = async (file: { bytes: Uint8Array; type: string; name: string }, fields: Record<string, string> = {}) => {
    const { body, headers } = await multipartBody(fields, file)
    return api.request('POST', '/blog/media', { body, headers })
  }

  it('refuses every blog route to a key that is not a platform administrator\'s', async () => {
    const company = await createTenant(app, { name: 'Kunde GmbH' })
    for (const [method, path] of [['GET', '/blog/posts'], ['POST', '/blog/posts'], ['GET', '/blog/categories'], ['GET', '/blog/tags'], ['GET', '/blog/media'], ['DELETE', '/blog/posts/x']] as const) {
      const response = await company.api.request(method, path, method === 'POST' ? { body: { title: 'x' } } : {})
      assert.deepEqual([response.status, response.body.code], [403, 'platform_admin_required'], `${method} ${path}`)
    }
    const refused = await multipartBody({}, { bytes: PNG, type: 'image/png', name: 'a.png' })
    const upload = await company.api.request('POST', '/blog/media', refused)
    assert.deepEqual([upload.status, upload.body.code], [403, 'platform_admin_required'])
  })

  it('writes, lists, publishes, schedules, unpublishes and archives posts, in the blog\'s own shapes', async () => {
    const category = await api.post('/blog/categories', { name: 'Rechnungsstellung' })
    documented('POST', '/api/v1/blog/categories', category)
    assert.deepEqual([category.status, category.body.slug], [201, 'rechnungsstellung'])
    const tag = (await api.post('/blog/tags', { name: 'E-Rechnung' })).body
    const created = await api.post('/blog/posts', {
      title: 'Größere Änderungen für Rechnungen', content: '## Neu\n\nDie **E-Rechnung** kommt. <script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      category_ids: [category.body.id], tagIds: [tag.id], locale: 'de',
    })
    assert.equal(created.status, 201, created.text)
    documented('POST', '/api/v1/blog/posts', created)
    const post = created.body
    assert.deepEqual([post.slug, post.status, post.categoryIds, post.tagIds], ['groessere-aenderungen-fuer-rechnungen', 'DRAFT', [category.body.id], [tag.id]])
    assert.match(post.contentHtml, /<h2>Neu<\/h2>/)
    assert.doesNotMatch(post.contentHtml, /<script|javascript:/i)
    const second = (await api.post('/blog/posts', { title: 'Größere Änderungen für Rechnungen' })).body
    assert.equal(second.slug, 'groessere-aenderungen-fuer-rechnungen-2')
    const taken = await api.post('/blog/posts', { title: 'Anders', slug: post.slug })
    assert.deepEqual([taken.status, taken.body.code], [409, 'slug_taken'])
    const readOnly = await api.put(`/blog/posts/${post.id}`, { status: 'PUBLISHED' })
    assert.deepEqual([readOnly.status, readOnly.body.code], [400, 'status_read_only'])
    const unknownTag = await api.put(`/blog/posts/${post.id}`, { tagIds: ['unknown'] })
    assert.deepEqual([unknownTag.status, unknownTag.body.field], [404, 'tagIds'])

    const noContent = await api.post(`/blog/posts/${second.id}/publish`, {})
    assert.deepEqual([noContent.status, noContent.body.code], [400, 'content_required'])
    const published = await api.post(`/blog/posts/${post.id}/publish`, {})
    documented('POST', '/api/v1/blog/posts/{id}/publish', published)
    assert.equal(published.body.status, 'PUBLISHED')
    assert.ok(published.body.publishedAt)
    const twice = await api.post(`/blog/posts/${post.id}/publish`, {})
    assert.deepEqual([twice.status, twice.body.code], [409, 'status_conflict'])
    await api.put(`/blog/posts/${second.id}`, { content: 'Bald.' })
    const scheduled = await api.post(`/blog/posts/${second.id}/publish`, { publishAt: new Date(Date.now() + 86_400_000).toISOString() })
    assert.equal(scheduled.body.status, 'SCHEDULED')

    const list = await api.get('/blog/posts?limit=10')
    documented('GET', '/api/v1/blog/posts', list)
    assert.deepEqual(Object.keys(list.body).sort(), ['pagination', 'posts'])
    assert.equal(list.body.posts[0].id, post.id)
    assert.deepEqual((await api.get(`/blog/posts?tagId=${tag.id}`)).body.posts.map((each: { id: string }) => each.id), [post.id])
    assert.deepEqual((await api.get('/blog/posts?status=scheduled')).body.posts.map((each: { id: string }) => each.id), [second.id])

    const unpublished = await api.post(`/blog/posts/${second.id}/unpublish`)
    assert.deepEqual([unpublished.body.status, unpublished.body.publishAt], ['DRAFT', null])
    const archived = await api.post(`/blog/posts/${post.id}/archive`)
    documented('POST', '/api/v1/blog/posts/{id}/archive', archived)
    assert.equal(archived.body.status, 'ARCHIVED')
    assert.deepEqual([(await api.post(`/blog/posts/${post.id}/archive`)).status], [409])

    const inUse = await api.delete(`/blog/categories/${category.body.id}`)
    assert.deepEqual([inUse.status, inUse.body.code], [409, 'category_in_use'])
    const tagGone = await api.delete(`/blog/tags/${tag.id}`)
    assert.deepEqual([tagGone.status, tagGone.body], [200, { ok: true }])
    assert.deepEqual((await api.get(`/blog/posts/${post.id}`)).body.tagIds, [])
    const deleted = await api.delete(`/blog/posts/${second.id}`)
    assert.deepEqual([deleted.status, deleted.body], [200, { ok: true }])
    assert.equal((await api.get(`/blog/posts/${second.id}`)).status, 404)
  })

  it('keeps media typed by their content, with their size, and refuses a cover in use', async () => {
    const image = await media({ bytes: PNG, type: 'application/octet-stream', name: 'punkt.png' }, { altText: 'Ein Punkt' })
    assert.equal(image.status, 201, image.text)
    documented('POST', '/api/v1/blog/media', image)
    assert.deepEqual([image.body.contentType, image.body.width, image.body.height, image.body.altText], ['image/png', 1, 1, 'Ein Punkt'])
    const content = await api.get(`/blog/media/${image.body.id}/content`)
    assert.deepEqual([content.status, content.headers.get('content-type'), content.headers.get('x-content-type-options')], [200, 'image/png', 'nosniff'])
    assert.ok(Buffer.from(content.bytes).equals(PNG))
    const pdf = await media({ bytes: PDF, type: 'application/pdf', name: 'flyer.pdf' })
    assert.deepEqual([pdf.body.contentType, pdf.body.width], ['application/pdf', null])
    const text = await media({ bytes: Buffer.from('hallo'), type: 'text/plain', name: 'a.txt' })
    assert.deepEqual([text.status, text.body.code], [415, 'unsupported_media_type'])
    const big = await media({ bytes: Buffer.alloc(10 * 1024 * 1024 + 1), type: 'image/png', name: 'gross.png' })
    assert.deepEqual([big.status, big.body.code], [413, 'file_too_large'])
    const svg = await media({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20" onload="alert(1)"><script>alert(1)</script><rect width="10" height="20"/></svg>'), type: 'image/svg+xml', name: 'bild.svg' })
    assert.equal(svg.status, 201, svg.text)
    const drawn = await api.get(`/blog/media/${svg.body.id}/content`)
    assert.doesNotMatch(drawn.text, /script|onload/i)
    assert.equal(drawn.headers.get('content-security-policy'), 'sandbox')

    const changed = await api.put(`/blog/media/${image.body.id}`, { altText: 'Pixel' })
    assert.equal(changed.body.altText, 'Pixel')
    const post = (await api.post('/blog/posts', { title: 'Mit Bild', coverMediaId: image.body.id })).body
    const inUse = await api.delete(`/blog/media/${image.body.id}`)
    assert.deepEqual([inUse.status, inUse.body.code], [409, 'media_in_use'])
    await api.put(`/blog/posts/${post.id}`, { coverMediaId: null })
    assert.deepEqual((await api.delete(`/blog/media/${image.body.id}`)).body, { ok: true })
    assert.equal((await api.get(`/blog/media/${image.body.id}/content`)).status, 404)
    const listed = await api.get('/blog/media')
    documented('GET', '/api/v1/blog/media', listed)
    assert.deepEqual(Object.keys(listed.body).sort(), ['media', 'pagination'])
  })

  it('publishes a scheduled post when the scheduler runs at its time', async () => {
    const post = (await api.post('/blog/posts', { title: 'Geplant', content: 'Text' })).body
    const at = new Date(Date.now() + 1000).toISOString()
    assert.equal((await api.post(`/blog/posts/${post.id}/publish`, { publish_at: at })).body.status, 'SCHEDULED')
    await app.invoicing.scheduler.runOnce({ asOf: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) } as never)
    const after = (await api.get(`/blog/posts/${post.id}`)).body
    assert.deepEqual([after.status, after.publishedAt], ['PUBLISHED', at])
  })

  it('has no data envelope on single objects and counts the admin key\'s calls like any other', async () => {
    const tag = await apiClient(app.target, admin.key).post('/blog/tags', { name: 'Steuern' })
    assert.equal(tag.body.data, undefined)
    assert.equal(tag.body.name, 'Steuern')
    assert.ok(tag.headers.get('ratelimit-remaining'))
  })
})
