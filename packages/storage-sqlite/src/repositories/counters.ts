import type { SequenceAllocator, UsageRepository } from '@invoicing/core'
import type { Kysely } from 'kysely'
import type { Database } from '../database'

/**
 * One upsert both creates and increments, so the first statement of a numbering transaction
 * is a write and the value comes back from the same statement (RETURNING).
 */
export function createSequenceAllocator(db: Kysely<Database>): SequenceAllocator {
  return {
    async current(companyId, sequenceKey) {
      const row = await db.selectFrom('numberSequence').select('lastValue')
        .where('companyId', '=', companyId).where('sequenceKey', '=', sequenceKey).executeTakeFirst()
      return row?.lastValue ?? 0
    },
    async next(companyId, sequenceKey) {
      const { lastValue } = await db.insertInto('numberSequence')
        .values({ companyId, sequenceKey, lastValue: 1 })
        .onConflict((conflict) => conflict.columns(['companyId', 'sequenceKey'])
          .doUpdateSet((eb) => ({ lastValue: eb('numberSequence.lastValue', '+', 1) })))
        .returning('lastValue')
        .executeTakeFirstOrThrow()
      return lastValue
    },
  }
}

export function createUsageRepository(db: Kysely<Database>): UsageRepository {
  return {
    async get(companyId, month) {
      const row = await db.selectFrom('usageCounter').select(['apiCalls', 'documentsIssued'])
        .where('companyId', '=', companyId).where('month', '=', month).executeTakeFirst()
      return row ?? { apiCalls: 0, documentsIssued: 0 }
    },
    async addApiCalls(companyId, month, calls) {
      const { apiCalls } = await db.insertInto('usageCounter')
        .values({ companyId, month, apiCalls: calls, documentsIssued: 0 })
        .onConflict((conflict) => conflict.columns(['companyId', 'month'])
          .doUpdateSet((eb) => ({ apiCalls: eb('usageCounter.apiCalls', '+', calls) })))
        .returning('apiCalls')
        .executeTakeFirstOrThrow()
      return apiCalls
    },
  }
}
