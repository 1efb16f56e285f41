import type { JobDefinition } from '../jobs'
import type { CoreDeps } from '../ports/deps'
import { retryingTransaction } from '../unit-of-work'
import { fileKeyOf } from './file-document'
import { removeNotedFile } from './file-document-service'

export const FILE_CLEANUP_JOB = 'document-file-cleanup'

/** Uploads not completed within this are given up. */
export const PENDING_UPLOAD_LIFETIME_MS = 24 * 3_600_000

const BATCH = 100

/**
 * Removes what uploads and deletions left behind: PENDING_UPLOAD documents older than 24 hours
 * with their bytes, and bytes whose record is gone (a deleted document whose bytes a crash kept,
 * staged bytes no document took). Each step may run twice: a second removal finds nothing.
 */
export function fileCleanupJob({ storage, clock, documentFiles }: Pick<CoreDeps, 'storage' | 'clock' | 'documentFiles'>): JobDefinition {
  return {
    name: FILE_CLEANUP_JOB,
    intervalMs: 600_000,
    deadlineMs: 120_000,
    async run(signal) {
      const now = clock.now()
      const expired = await storage.fileDocuments.listPendingCreatedBefore(new Date(now.getTime() - PENDING_UPLOAD_LIFETIME_MS).toISOString(), BATCH)
      for (const document of expired) {
        if (signal.aborted) return true
        await retryingTransaction(storage, async (tx) => {
          const current = await tx.fileDocuments.get(document.companyId, document.id)
          if (current?.status !== 'PENDING_UPLOAD') return
          await tx.fileDocuments.delete(document.companyId, document.id)
          await tx.fileDocuments.enqueueFileDeletion(fileKeyOf(document), now.toISOString())
        })
      }
      const due = await storage.fileDocuments.listFileDeletions(now.toISOString(), BATCH)
      for (const key of due) {
        if (signal.aborted) return true
        await removeNotedFile(storage, documentFiles, key)
      }
      return expired.length === BATCH || due.length === BATCH
    },
  }
}
