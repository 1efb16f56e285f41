import { join } from 'node:path'
import type { FileStore } from '@invoicing/core'
import { createFsFileStore, createS3FileStore, type S3FileStoreOptions } from '@invoicing/files'

/** Where the host keeps files: folders of `dataDir`, or one bucket of an S3-compatible store. */
export type FileStorage =
  | { kind: 'fs' }
  | { kind: 's3', s3: Omit<S3FileStoreOptions, 'prefix'> }

export interface HostFileStores {
  /** The PDF of every document version. */
  archive: FileStore
  /** Files a company uploads (the documents group). */
  documents: FileStore
  /** Closes what the stores hold open (the S3 clients' connections). */
  close(): void
}

/**
 * The host's file stores: on the file system `<dataDir>/archive` and `<dataDir>/files`; on S3
 * the prefixes `archive/` and `files/` of one bucket.
 */
export function createFileStores(storage: FileStorage, dataDir: string): HostFileStores {
  if (storage.kind === 'fs') {
    return { archive: createFsFileStore(join(dataDir, 'archive')), documents: createFsFileStore(join(dataDir, 'files')), close() {} }
  }
  const archive = createS3FileStore({ ...storage.s3, prefix: 'archive/' })
  const documents = createS3FileStore({ ...storage.s3, prefix: 'files/' })
  return {
    archive,
    documents,
    close() {
      archive.close()
      documents.close()
    },
  }
}
