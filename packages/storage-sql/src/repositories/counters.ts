import type { SequenceAllocator, UsageRepository } from '@invoicing/core'
import type { Executor } from '../executor'

/**
 * One upsert both creates and increments, so the first statement of a numbering transaction
 * is a write and the value comes back from the same statement (RETURNING).
 */
export function createSequenceAllocator({ db, row, write }: Executor): SequenceAllocator {
  return {
    async current(companyId, sequenceKey) {
      const found = await row(db.selectFrom('number_sequence').select('last_value')
        .where('company_id', '=', companyId).where('sequence_key', '=', sequenceKey))
      return found?.last_value ?? 0
    },
    async takeNextNumber(companyId, sequenceKey) {
      const taken = await row(db.insertInto('number_sequence')
        .values({ company_id: companyId, sequence_key: sequenceKey, last_value: 1 })
        .onConflict((conflict) => conflict.columns(['company_id', 'sequence_key'])
          .doUpdateSet((eb) => ({ last_value: eb('number_sequence.last_value', '+', 1) })))
        .returning('last_value'))
      return taken!.last_value
    },
    raiseTo: (companyId, sequenceKey, value) =>
      write(db.insertInto('number_sequence')
        .values({ company_id: companyId, sequence_key: sequenceKey, last_value: value })
        .onConflict((conflict) => conflict.columns(['company_id', 'sequence_key'])
          .doUpdateSet({ last_value: value }).where('number_sequence.last_value', '<', value))),
  }
}

export function createUsageRepository({ db, row, rows }: Executor): UsageRepository {
  return {
    async get(companyId, month) {
      const found = await row(db.selectFrom('usage_counter').select(['api_calls', 'documents_issued'])
        .where('company_id', '=', companyId).where('month', '=', month))
      const byType = await rows(db.selectFrom('usage_document_count').select(['document_type', 'issued'])
        .where('company_id', '=', companyId).where('month', '=', month).orderBy('document_type'))
      return {
        apiCalls: found?.api_calls ?? 0,
        documentsIssued: found?.documents_issued ?? 0,
        documentsByType: Object.fromEntries(byType.map(({ document_type, issued }) => [document_type, issued])),
      }
    },
    async addApiCalls(companyId, month, calls) {
      const counted = await row(db.insertInto('usage_counter')
        .values({ company_id: companyId, month, api_calls: calls, documents_issued: 0 })
        .onConflict((conflict) => conflict.columns(['company_id', 'month'])
          .doUpdateSet((eb) => ({ api_calls: eb('usage_counter.api_calls', '+', calls) })))
        .returning('api_calls'))
      return counted!.api_calls
    },
    async addDocumentIssued(companyId, month, documentType) {
      await row(db.insertInto('usage_document_count')
        .values({ company_id: companyId, month, document_type: documentType, issued: 1 })
        .onConflict((conflict) => conflict.columns(['company_id', 'month', 'document_type'])
          .doUpdateSet((eb) => ({ issued: eb('usage_document_count.issued', '+', 1) })))
        .returning('issued'))
      const counted = await row(db.insertInto('usage_counter')
        .values({ company_id: companyId, month, api_calls: 0, documents_issued: 1 })
        .onConflict((conflict) => conflict.columns(['company_id', 'month'])
          .doUpdateSet((eb) => ({ documents_issued: eb('usage_counter.documents_issued', '+', 1) })))
        .returning('documents_issued'))
      return counted!.documents_issued
    },
  }
}
