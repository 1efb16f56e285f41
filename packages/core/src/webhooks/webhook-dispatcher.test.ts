import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { companyActor } from '../access/actor'
import { createInvoicing } from '../create-invoicing'
import { startJobs } from '../jobs/job-runner'
import { createManualClock, createMemoryStorage, failsWith } from '../testing'
import { MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS } from './webhook'
import { WEBHOOK_DELIVERY_JOB } from './webhook-delivery-job'
import type { WebhookRequest, WebhookTransport } from '../ports/webhook-transport'

/** Resolves when `signal` aborts (never without one). */
const aborted = (signal?: AbortSignal) => new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }))

/** A receiver that answers each post with the next status of `answers` (then 200). */
function scriptedTransport(answers: (number | Error)[] = []) {
  const posts: WebhookRequest[] = []
  let gate: Promise<void> = Promise.resolve()
  /** Holds every post (after it is recorded) until the returned function is called or the post is aborted. */
  const hold = () => {
    let release!: () => void
    gate = new Promise((resolve) => (release = resolve))
    return release
  }
  const transport: WebhookTransport = {
    checkUrl: async (url) => {
      if (!url.startsWith('https://')) throw new Error('must be an https URL')
    },
    post: async (request) => {
      posts.push(request)
      await Promise.race([gate, aborted(request.signal)])
      if (request.signal?.aborted) throw request.signal.reason
      const answer = answers.shift() ?? 200
      if (answer instanceof Error) throw answer
      return { status: answer, body: `answer ${answer}` }
    },
  }
  return { transport, posts, hold }
}

/** Waits until `condition` holds, for at most five seconds. */
async function eventually(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 5000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

async function setup(answers: (number | Error)[] = [], plan: 'ENTERPRISE' | 'PROFESSIONAL' = 'ENTERPRISE', pollIntervalMs?: number) {
  const clock = createManualClock('2026-03-16T09:00:00.000Z')
  const storage = createMemoryStorage()
  const { transport, posts, hold } = scriptedTransport(answers)
  const invoicing = createInvoicing({ storage, clock, webhooks: { transport, pollIntervalMs } })
  const company = await invoicing.companies.create({ name: 'Hook AG', plan: 'ENTERPRISE' })
  const actor = companyActor(company.id)
  const endpoint = await invoicing.webhooks.create(actor, { url: 'https://hooks.example.com/in', events: ['*'] })
  if (plan !== 'ENTERPRISE') await invoicing.companies.update(actor, { plan })
  const customer = await invoicing.customers.create(actor, { name: 'Kunde', country: 'DE' })
  const createInvoice = () => invoicing.invoices.create(actor, { customerId: customer.id, lines: [{ description: 'x', unitPrice: 1 }] })
  const log = async () => (await invoicing.webhooks.deliveries(actor, endpoint.id)).items
  // One round of the delivery job, as the job runner runs it.
  const job = invoicing.jobs.find((each) => each.name === WEBHOOK_DELIVERY_JOB)!
  const dispatcher = { runOnce: () => job.run(new AbortController().signal) }
  return { clock, storage, invoicing, dispatcher, actor, endpoint, posts, hold, createInvoice, log }
}

describe('the webhook dispatcher', () => {
  it('fans an event out once and posts it signed with the event id', async () => {
    const { dispatcher, posts, createInvoice, endpoint } = await setup()
    const invoice = await createInvoice()
    await Promise.all([dispatcher.runOnce(), dispatcher.runOnce(), dispatcher.runOnce()])
    assert.equal(posts.length, 1)
    const [post] = posts
    assert.equal(post!.url, endpoint.url)
    const body = JSON.parse(post!.body)
    assert.deepEqual([body.type, body.data.id, post!.headers['webhook-id']], ['invoice.created', invoice.id, body.id])
    assert.match(post!.headers['webhook-signature']!, /^v1,[A-Za-z0-9+/]+=*$/)
    assert.equal(await dispatcher.runOnce(), false)
  })

  it('retries on the schedule and gives up after the eighth attempt', async () => {
    const failures = Array.from({ length: MAX_DELIVERY_ATTEMPTS }, () => 500)
    const { dispatcher, posts, createInvoice, clock, log } = await setup(failures)
    await createInvoice()
    await dispatcher.runOnce()
    for (const delay of RETRY_DELAYS_MS) {
      clock.advance(delay - 1)
      await dispatcher.runOnce()
      const attemptsBefore = posts.length
      clock.advance(1)
      await dispatcher.runOnce()
      assert.equal(posts.length, attemptsBefore + 1, `retried exactly after ${delay} ms`)
    }
    assert.equal(posts.length, MAX_DELIVERY_ATTEMPTS)
    clock.advance(7 * 24 * 3_600_000)
    await dispatcher.runOnce()
    assert.equal(posts.length, MAX_DELIVERY_ATTEMPTS)
    const attempts = await log()
    assert.deepEqual(attempts.map((attempt) => attempt.attempt), [8, 7, 6, 5, 4, 3, 2, 1])
    assert.equal(attempts[0]!.nextAttemptAt, null)
    assert.equal(new Set(posts.map((post) => post.headers['webhook-id'])).size, 1)
  })

  it('records a receiver that cannot be reached, and tries again after a crashed attempt’s lease ends', async () => {
    const { dispatcher, posts, createInvoice, clock, log, storage } = await setup([new Error('connect ECONNREFUSED')])
    await createInvoice()
    await dispatcher.runOnce()
    const [attempt] = await log()
    assert.deepEqual([attempt!.statusCode, attempt!.error, attempt!.succeeded], [null, 'connect ECONNREFUSED', false])

    // A worker that claimed the delivery and died: the lease (timeout + 1 min) keeps others off, then it is due again.
    clock.advance(RETRY_DELAYS_MS[0]!)
    await storage.queues.webhookDeliveries.claimDue(clock.now().toISOString(), 10, 70_000)
    await dispatcher.runOnce()
    assert.equal(posts.length, 1)
    clock.advance(70_000)
    await dispatcher.runOnce()
    assert.equal(posts.length, 2)
  })

  it('runs as a job woken by commits; stopping aborts a slow post, which counts as failed and is tried again after the first delay', async () => {
    const { invoicing, posts, hold, createInvoice, clock, log } = await setup([], 'ENTERPRISE', 3_600_000)
    const errors: unknown[] = []
    const onError = (error: unknown) => errors.push(error)
    const release = hold()
    const jobs = startJobs(invoicing.jobs, { onError })
    await new Promise((resolve) => setTimeout(resolve, 20)) // the first run found nothing; the next poll is an hour away
    await createInvoice()
    await eventually(() => posts.length > 0, 'the post after the commit')
    await jobs.stop()
    assert.equal(posts[0]!.signal?.aborted, true)
    const [interrupted] = await log()
    assert.deepEqual([interrupted?.attempt, interrupted?.succeeded, interrupted?.statusCode], [1, false, null])
    assert.match(interrupted!.error!, /aborted/)
    assert.equal(interrupted!.nextAttemptAt, new Date(clock.now().getTime() + RETRY_DELAYS_MS[0]!).toISOString())
    release()

    const restarted = startJobs(invoicing.jobs, { onError })
    try {
      await new Promise((resolve) => setTimeout(resolve, 50))
      assert.equal(posts.length, 1, 'not posted again before its delay')
      clock.advance(RETRY_DELAYS_MS[0]!)
      restarted.wake(WEBHOOK_DELIVERY_JOB)
      await eventually(async () => (await log()).length > 1, 'the second attempt')
      assert.equal(posts.length, 2)
      assert.deepEqual((await log()).map((attempt) => [attempt.attempt, attempt.succeeded]), [[2, true], [1, false]])
      assert.deepEqual(errors, [])
    } finally {
      await restarted.stop()
    }
  })

  it('gives each endpoint one attempt at a time, so a slow receiver delays no other endpoint', async () => {
    const clock = createManualClock('2026-03-16T09:00:00.000Z')
    const slowUrl = 'https://slow.example.com/in'
    const inFlight = new Map<string, number>()
    const mostInFlight = new Map<string, number>()
    const answered: string[] = []
    let releaseSlow!: () => void
    const slowHeld = new Promise<void>((resolve) => (releaseSlow = resolve))
    const transport: WebhookTransport = {
      checkUrl: async () => {},
      post: async (request) => {
        inFlight.set(request.url, (inFlight.get(request.url) ?? 0) + 1)
        mostInFlight.set(request.url, Math.max(mostInFlight.get(request.url) ?? 0, inFlight.get(request.url)!))
        try {
          if (request.url === slowUrl) await Promise.race([slowHeld, aborted(request.signal)])
          else await new Promise((resolve) => setTimeout(resolve, 5))
          if (request.signal?.aborted) throw request.signal.reason
          answered.push(request.url)
          return { status: 200, body: 'ok' }
        } finally {
          inFlight.set(request.url, inFlight.get(request.url)! - 1)
        }
      },
    }
    const invoicing = createInvoicing({ storage: createMemoryStorage(), clock, webhooks: { transport, pollIntervalMs: 3_600_000, concurrency: 4 } })
    const quickUrls = ['https://a.example.com/in', 'https://b.example.com/in', 'https://c.example.com/in']
    const companies = await Promise.all(['Langsam AG', 'Flink GmbH'].map((name) => invoicing.companies.create({ name, plan: 'ENTERPRISE' })))
    const [slowCompany, quickCompany] = companies.map((company) => companyActor(company.id))
    await invoicing.webhooks.create(slowCompany!, { url: slowUrl, events: ['invoice.created'] })
    for (const url of quickUrls) await invoicing.webhooks.create(quickCompany!, { url, events: ['invoice.created'] })
    const jobs = startJobs(invoicing.jobs, { onError: (error) => assert.fail(String(error)) })
    try {
      for (const company of [slowCompany!, quickCompany!]) {
        const customer = await invoicing.customers.create(company, { name: 'Kunde' })
        for (let index = 0; index < 3; index++) await invoicing.invoices.create(company, { customerId: customer.id, lines: [{ description: 'x', unitPrice: 1 }] })
      }
      await eventually(() => answered.length === 9, 'every quick endpoint’s three deliveries while the slow one holds its first')
      assert.deepEqual([inFlight.get(slowUrl), answered.includes(slowUrl)], [1, false])
      releaseSlow()
      await eventually(() => answered.filter((url) => url === slowUrl).length === 3, 'the slow endpoint’s three, one after another')
      assert.deepEqual([...mostInFlight.values()], [1, 1, 1, 1], 'never two attempts to one endpoint at once')
    } finally {
      await jobs.stop()
    }
  })

  it('ends an attempt whose answer does not complete within the attempt timeout, and tries again later', async () => {
    const clock = createManualClock('2026-03-16T09:00:00.000Z')
    const transport: WebhookTransport = {
      checkUrl: async () => {},
      // A receiver that trickles its answer and never finishes it: only the signal ends the post.
      post: (request) => new Promise((_, reject) => request.signal?.addEventListener('abort', () => reject(request.signal!.reason), { once: true })),
    }
    const invoicing = createInvoicing({ storage: createMemoryStorage(), clock, webhooks: { transport, attemptTimeoutMs: 50 } })
    const company = companyActor((await invoicing.companies.create({ name: 'Tröpfel AG', plan: 'ENTERPRISE' })).id)
    const endpoint = await invoicing.webhooks.create(company, { url: 'https://trickle.example.com/in', events: ['*'] })
    const customer = await invoicing.customers.create(company, { name: 'Kunde' })
    await invoicing.invoices.create(company, { customerId: customer.id, lines: [{ description: 'x', unitPrice: 1 }] })
    const job = invoicing.jobs.find((each) => each.name === WEBHOOK_DELIVERY_JOB)!
    assert.equal(await job.run(new AbortController().signal), true)
    const [attempt] = (await invoicing.webhooks.deliveries(company, endpoint.id)).items
    assert.deepEqual([attempt?.succeeded, attempt?.error], [false, 'no complete answer within 0.05 s'])
    assert.equal(attempt?.nextAttemptAt, new Date(clock.now().getTime() + RETRY_DELAYS_MS[0]!).toISOString())
  })

  it('posts a test message once, even when the queue runs while it is on its way', async () => {
    const { dispatcher, posts, hold, invoicing, actor, endpoint, log } = await setup([])
    await dispatcher.runOnce()
    const before = posts.length
    const release = hold()
    const tested = invoicing.webhooks.test(actor, endpoint.id)
    while (posts.length === before) await new Promise((resolve) => setImmediate(resolve))
    const rounds = Promise.all([dispatcher.runOnce(), dispatcher.runOnce()])
    await new Promise((resolve) => setImmediate(resolve))
    release()
    await rounds
    assert.equal((await tested).succeeded, true)
    await dispatcher.runOnce()
    assert.equal(posts.length - before, 1)
    assert.deepEqual((await log()).map((attempt) => attempt.eventType), ['webhook.test'])
  })

  it('delivers nothing for companies off the Enterprise plan, and refuses their endpoints', async () => {
    const { dispatcher, posts, createInvoice, invoicing, actor } = await setup([], 'PROFESSIONAL')
    await createInvoice()
    await dispatcher.runOnce()
    assert.equal(posts.length, 0)
    await assert.rejects(invoicing.webhooks.list(actor), failsWith('plan_feature_unavailable'))
  })

  it('refuses URLs the transport does not allow', async () => {
    const { invoicing, actor } = await setup()
    await assert.rejects(invoicing.webhooks.create(actor, { url: 'http://hooks.example.com', events: ['*'] }), failsWith('validation_failed', { field: 'url' }))
  })
})
