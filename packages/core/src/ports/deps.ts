import type { PdfRenderer } from './pdf-renderer'
import type { EventPublisher } from '../events'
import type { MailTransport } from './mail-transport'
import type { FileStore } from './files'
import type { Clock } from './clock'
import type { IdGenerator } from './ids'
import type { Storage } from './storage'
import type { UnitOfWorkDeps } from '../unit-of-work'

/** How documents are mailed. */
export interface MailSettings {
  transport: MailTransport
  /** Sender of every mail; default the company's `email`. */
  from?: string | undefined
}

/** What every service of the core is built from. */
export interface CoreDeps {
  storage: Storage
  clock: Clock
  ids: IdGenerator
  /** Where committed events go to in-process subscribers. */
  events: EventPublisher
  /** Archived files (version PDFs). */
  files: FileStore
  /** The bytes of documents (files) the company keeps (`/documents`). */
  documentFiles: FileStore
  /** Draws PDFs; without it, PDF downloads and archives are unavailable. */
  pdf: PdfRenderer | undefined
  /** Without it, documents cannot be sent. */
  mail: MailSettings | undefined
  /** What a unit of work does with the sales documents it wrote before it commits (see `UnitOfWorkDeps`). */
  settleWrittenDocuments?: UnitOfWorkDeps['settleWrittenDocuments']
  /** A version PDF or e-invoice XML that could not be archived (the version stays without it until a later read stores it). */
  onArchiveError: (error: unknown, versionId: string) => void
}
