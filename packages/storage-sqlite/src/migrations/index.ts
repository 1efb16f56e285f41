import type { Migration, MigrationProvider } from 'kysely'
import { platform } from './0001-platform'
import { invoices } from './0002-invoices'
import { versions } from './0003-versions'
import { payments } from './0004-payments'
import { creditNotes } from './0005-credit-notes'
import { webhooks } from './0006-webhooks'
import { reminders } from './0007-reminders'
import { creditedLines } from './0008-credited-lines'
import { documentLinks } from './0009-document-links'
import { answeredKeys } from './0010-answered-keys'
import { deliveryLeases } from './0011-delivery-leases'
import { orderDocuments } from './0012-order-documents'
import { usageByType } from './0013-usage-by-type'
import { recurringSchedules } from './0014-recurring-schedules'
import { fileDocuments } from './0015-file-documents'
import { keyLastUse } from './0016-key-last-use'
import { blog } from './0017-blog'
import { exportSettings } from './0018-export-settings'
import { exports } from './0019-exports'
import { exportWalks } from './0020-export-walks'
import { searchIndexes } from './0021-search-indexes'
import { customerListSearch } from './0022-customer-list-search'
import { documentCounts } from './0023-document-counts'
import { orderDocumentListKeys } from './0024-order-document-list-keys'
import { numberStems } from './0025-number-stems'

/** Every migration in order. Names sort in the order they must run; never rename one. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-invoices': invoices,
  '0003-versions': versions,
  '0004-payments': payments,
  '0005-credit-notes': creditNotes,
  '0006-webhooks': webhooks,
  '0007-reminders': reminders,
  '0008-credited-lines': creditedLines,
  '0009-document-links': documentLinks,
  '0010-answered-keys': answeredKeys,
  '0011-delivery-leases': deliveryLeases,
  '0012-order-documents': orderDocuments,
  '0013-usage-by-type': usageByType,
  '0014-recurring-schedules': recurringSchedules,
  '0015-file-documents': fileDocuments,
  '0016-key-last-use': keyLastUse,
  '0017-blog': blog,
  '0018-export-settings': exportSettings,
  '0019-exports': exports,
  '0020-export-walks': exportWalks,
  '0021-search-indexes': searchIndexes,
  '0022-customer-list-search': customerListSearch,
  '0023-document-counts': documentCounts,
  '0024-order-document-list-keys': orderDocumentListKeys,
  '0025-number-stems': numberStems,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
}
