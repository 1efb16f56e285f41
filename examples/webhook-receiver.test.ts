import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { it } from 'node:test'
import { Webhook } from 'standardwebhooks'

it('the webhook receiver example accepts a message signed with the secret and refuses a forged one', { timeout: 30_000 }, async () => {
  const secret = `whsec_${Buffer.from('a secret of twenty-four!').toString('base64')}`
  const receiver = spawn(process.execPath, [fileURLToPath(new URL('./webhook-receiver.js', import.meta.url))], {
    env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  receiver.stdout.on('data', (chunk) => { output += chunk })
  try {
    while (!/on (http:\S+)/.test(output)) await once(receiver.stdout, 'data')
    const url = /on (http:\S+)/.exec(output)![1]!
    const body = JSON.stringify({ type: 'invoice.paid', timestamp: new Date().toISOString(), data: { id: 'inv_1' } })
    const signature = new Webhook(secret).sign('msg_1', new Date(), body)
    const headers = { 'content-type': 'application/json', 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) }
    assert.equal((await fetch(url, { method: 'POST', body, headers: { ...headers, 'webhook-signature': signature } })).status, 204)
    assert.equal((await fetch(url, { method: 'POST', body: body.replace('inv_1', 'inv_2'), headers: { ...headers, 'webhook-signature': signature } })).status, 400)
    // The receiver logs before it answers, but its output may reach this process after the answer.
    while (!/rejected: .*\n/.test(output)) await once(receiver.stdout, 'data')
    assert.match(output, /verified invoice\.paid msg_1\nrejected: No matching signature found\n$/)
  } finally {
    receiver.kill()
  }
})
