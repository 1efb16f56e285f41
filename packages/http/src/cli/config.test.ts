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

describe('file storage settings', () => {
  const s3 = { INVOICING_STORAGE: 's3', S3_REGION: 'eu-central-1', S3_BUCKET: 'invoicing-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' }

  it('keeps files on the file system unless INVOICING_STORAGE says s3', () => {
    assert.deepEqual(readConfig({}).fileStorage, { kind: 'fs' })
    assert.deepEqual(readConfig({ INVOICING_STORAGE: 'fs', S3_BUCKET: 'ignored' }).fileStorage, { kind: 'fs' })
    for (const wrong of ['S3', 'gcs', 'memory']) {
      assert.throws(() => readConfig({ INVOICING_STORAGE: wrong }), new RegExp(`^UsageError: INVOICING_STORAGE must be fs or s3, got ${wrong}$`), wrong)
    }
  })

  it('reads the S3 variables for INVOICING_STORAGE=s3', () => {
    assert.deepEqual(readConfig(s3).fileStorage, {
      kind: 's3',
      s3: { endpoint: undefined, region: 'eu-central-1', bucket: 'invoicing-files', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret', forcePathStyle: false },
    })
    const minio = readConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: '1' }).fileStorage
    assert.deepEqual(minio.kind === 's3' && [minio.s3.endpoint, minio.s3.forcePathStyle], ['http://127.0.0.1:9000', true])
  })

  it('names every missing S3 variable in one message', () => {
    assert.throws(() => readConfig({ INVOICING_STORAGE: 's3' }), /^UsageError: INVOICING_STORAGE=s3 needs S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY$/)
    assert.throws(() => readConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' }), /^UsageError: INVOICING_STORAGE=s3 needs S3_SECRET_ACCESS_KEY$/)
  })

  it('refuses a bad bucket name, endpoint or path-style flag', () => {
    for (const bucket of ['ab', 'Invoicing', 'my_bucket', '-files']) {
      assert.throws(() => readConfig({ ...s3, S3_BUCKET: bucket }), /S3_BUCKET must be a bucket name/, bucket)
    }
    for (const endpoint of ['127.0.0.1:9000', 'ftp://s3.example', 'https://s3.example/bucket', 'https://user:pw@s3.example']) {
      assert.throws(() => readConfig({ ...s3, S3_ENDPOINT: endpoint }), /S3_ENDPOINT must be a URL/, endpoint)
    }
    assert.throws(() => readConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' }), /S3_FORCE_PATH_STYLE must be 1 or 0, got yes/)
  })
})

describe('database settings', () => {
  const url = 'postgres://invoicing:s3cret@db.internal:5432/invoicing?sslmode=require'

  it('keeps SQLite in INVOICING_DB unless INVOICING_DATABASE_URL names a PostgreSQL database', () => {
    assert.deepEqual(readConfig({}).database, { kind: 'sqlite', file: './data/invoicing.sqlite' })
    assert.deepEqual(readConfig({ INVOICING_DB: '/var/lib/invoicing.sqlite' }).database, { kind: 'sqlite', file: '/var/lib/invoicing.sqlite' })
    assert.deepEqual(readConfig({ INVOICING_DATABASE_URL: url, INVOICING_DB: 'ignored.sqlite' }).database, { kind: 'postgres', url, poolMax: 10, statementTimeoutMs: 30_000 })
    const other = readConfig({ INVOICING_DATABASE_URL: 'postgresql://db/invoicing', INVOICING_DATABASE_POOL_MAX: '25', INVOICING_DATABASE_STATEMENT_TIMEOUT_MS: '5000' }).database
    assert.deepEqual(other, { kind: 'postgres', url: 'postgresql://db/invoicing', poolMax: 25, statementTimeoutMs: 5000 })
  })

  it('refuses another URL without repeating it, and a pool size or timeout that is not a whole positive number', () => {
    for (const wrong of ['mysql://u:hunter2@db/invoicing', 'db.internal:5432', 'http://u:hunter2@db/']) {
      assert.throws(() => readConfig({ INVOICING_DATABASE_URL: wrong }), (error: Error) => {
        assert.match(error.message, /^INVOICING_DATABASE_URL must be a PostgreSQL URL such as postgres:\/\//)
        assert.doesNotMatch(error.message, /hunter2/)
        return true
      }, wrong)
    }
    for (const wrong of ['0', '-1', '2.5', 'ten']) {
      assert.throws(() => readConfig({ INVOICING_DATABASE_URL: url, INVOICING_DATABASE_POOL_MAX: wrong }), new RegExp(`^UsageError: INVOICING_DATABASE_POOL_MAX must be a whole number of connections, got ${wrong}$`))
      assert.throws(() => readConfig({ INVOICING_DATABASE_URL: url, INVOICING_DATABASE_STATEMENT_TIMEOUT_MS: wrong }), /INVOICING_DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds/)
    }
  })
})
