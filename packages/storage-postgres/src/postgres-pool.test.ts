import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createPostgresPool, preparingPool } from './postgres-pool'
import { testDatabase } from './testing'

describe('postgres: statements prepared per connection', () => {
  it('prepares statements with parameters once each, at most 500 per connection, and runs the rest unprepared', async () => {
    const database = await testDatabase()
    const pool = createPostgresPool({ url: database.url, poolMax: 1 })
    const preparing = preparingPool(pool)
    try {
      const client = await preparing.connect()
      try {
        for (let round = 0; round < 2; round++) {
          for (let index = 0; index < 600; index++) {
            const { rows } = await client.query<{ sum: number }>(`select $1::int + ${index} as sum`, [round])
            assert.equal(rows[0]!.sum, round + index)
          }
        }
        const { rows } = await client.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements', [])
        assert.equal(rows[0]!.count, 500)
      } finally {
        client.release()
      }
    } finally {
      await preparing.end()
      await database.drop()
    }
  })

  it('runs a statement with a LIKE pattern unprepared, so that each run is planned for its pattern', async () => {
    const database = await testDatabase()
    const preparing = preparingPool(createPostgresPool({ url: database.url, poolMax: 1 }))
    try {
      const client = await preparing.connect()
      try {
        for (const pattern of ['%a%', '%b%', '%\\%%', '%a%', '%a%', '%a%', '%a%', '%a%', '%a%']) {
          const { rows } = await client.query<{ found: number }>('select ($1::text like $2)::int as found', ['xa%', pattern])
          assert.equal(rows[0]!.found, pattern === '%b%' ? 0 : 1)
        }
        await client.query('select $1::int as one', [1])
        const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements', [])
        assert.deepEqual(rows.map((row) => row.statement), ['select $1::int as one'])
      } finally {
        client.release()
      }
    } finally {
      await preparing.end()
      await database.drop()
    }
  })
})
