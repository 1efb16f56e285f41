/** Document versions: the frozen content and archived files of issued documents. Other features import from here, not from the files inside. */
export { type DocumentSnapshot, type DocumentVersion } from './document-version'
export { createVersionArchive, takeInitialVersion, takeVersion } from './version-archive'
