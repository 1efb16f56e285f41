import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { readConfig } from './config'

describe('host settings', () => {
  it('reads the failed authentications allowed per client address and minute, default 30', () => {
    assert.equal(readConfig({}).authFailuresPerMinute, 30)
    assert.equal(readConfig({ INVOICING_AUTH_FAILURES_PER_MINUTE: '5' }).authFailuresPerMinute, 5)
    for (const wrong of ['0', '-1', '2.5', 'many']) {
      assert.throws(() => readConfig({ INVOICING_AUTH_FAILURES_PER_MINUTE: wrong }), /INVOICING_AUTH_FAILURES_PER_MINUTE must be a whole number/, wrong)
    }
  })

  it('reads INVOICING_CORS_ORIGINS as a comma-separated list of exact origins or *', () => {
    assert.deepEqual(readConfig({}).corsOrigins, [])
    assert.deepEqual(readConfig({ INVOICING_CORS_ORIGINS: 'https://shop.example, http://localhost:5173' }).corsOrigins, ['https://shop.example', 'http://localhost:5173'])
    assert.deepEqual(readConfig({ INVOICING_CORS_ORIGINS: '*' }).corsOrigins, ['*'])
    for (const wrong of ['https://shop.example/', 'shop.example', 'ftp://shop.example', 'https://shop.example/app']) {
      assert.throws(() => readConfig({ INVOICING_CORS_ORIGINS: wrong }), /INVOICING_CORS_ORIGINS must list origins/, wrong)
    }
  })
})
