import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createInvoicing } from '../../create-invoicing'
import { createManualClock, createMemoryStorage } from '../../testing'
import type { BlogCaller } from '../blog-caller'

async function setup() {
  const storage = createMemoryStorage()
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const invoicing = createInvoicing({ storage, clock })
  const company = await invoicing.companies.create({ name: 'Plattform GmbH' })
  const other = await invoicing.companies.create({ name: 'Andere GmbH' })
  const admin: BlogCaller = { actor: { companyId: company.id, apiKeyId: 'key-admin' }, platformAdmin: true }
  const scheduled = async (title: string, publishAt: string) => {
    const post = await invoicing.blog.posts.create(admin, { title, content: 'Text' })
    return invoicing.blog.posts.publish(admin, post.id, { publishAt })
  }
  return { invoicing, storage, clock, admin, scheduled, other }
}

describe('scheduled blog posts', () => {
  it('are published by the scheduler tick once their publishAt has come, with publishedAt = publishAt, once', async () => {
    const { invoicing, clock, admin, scheduled } = await setup()
    const soon = await scheduled('Bald', '2026-03-16T10:00:00Z')
    const later = await scheduled('Später', '2026-03-20T10:00:00Z')
    assert.equal((await invoicing.scheduler.tick()).publishedPosts, 0)
    clock.advance(3_600_000)
    const report = await invoicing.scheduler.tick()
    assert.equal(report.publishedPosts, 1)
    const published = await invoicing.blog.posts.get(admin, soon.id)
    assert.deepEqual([published.status, published.publishedAt, published.publishAt], ['PUBLISHED', '2026-03-16T10:00:00.000Z', '2026-03-16T10:00:00.000Z'])
    assert.equal((await invoicing.blog.posts.get(admin, later.id)).status, 'SCHEDULED')
    assert.equal((await invoicing.scheduler.tick()).publishedPosts, 0, 'a second tick finds nothing')
  })

  it('run-once with a date publishes what is due by the end of that day in UTC, whatever company it is limited to', async () => {
    const { invoicing, admin, scheduled, other } = await setup()
    const lateThatDay = await scheduled('Abends', '2026-03-18T23:59:59Z')
    const nextDay = await scheduled('Morgen', '2026-03-19T00:00:00Z')
    const report = await invoicing.scheduler.runOnce({ asOf: '2026-03-18', companyId: other.id })
    assert.equal(report.publishedPosts, 1)
    assert.equal((await invoicing.blog.posts.get(admin, lateThatDay.id)).status, 'PUBLISHED')
    assert.equal((await invoicing.blog.posts.get(admin, nextDay.id)).status, 'SCHEDULED')
  })

  it('publishes each post once when two engines on one storage run at once', async () => {
    const { invoicing, storage, clock, admin, scheduled } = await setup()
    const posts = []
    for (let count = 0; count < 5; count++) posts.push(await scheduled(`Post ${count}`, `2026-03-16T09:0${count + 1}:00Z`))
    clock.advance(3_600_000)
    const second = createInvoicing({ storage, clock })
    const counts = await Promise.all([invoicing.blog.publishDuePosts(), second.blog.publishDuePosts(), invoicing.blog.publishDuePosts()])
    assert.equal(counts.reduce((sum, count) => sum + count, 0), 5)
    for (const post of posts) assert.equal((await invoicing.blog.posts.get(admin, post.id)).publishedAt, post.publishAt)
  })
})
