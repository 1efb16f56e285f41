import type { StorageReader } from '../ports/storage'
import type { FileDocument, FileDocumentLink } from './file-document'
import { LINK_TARGETS } from './link-targets'

/** A link as its resource shows it: with the number of the record it points to. */
export type FileDocumentLinkView = FileDocumentLink & { targetNumber: string | null }

/** A document as its resource and events show it. */
export type FileDocumentView = Omit<FileDocument, 'companyId' | 'links'> & { links: FileDocumentLinkView[] }

type Reader = Pick<StorageReader, 'invoices' | 'orderDocuments' | 'customers' | 'recurringSchedules'>

/**
 * The documents with the current numbers of their links' records, read now: a draft invoice
 * linked before it was issued shows its number once it has one. Each record is read once.
 */
export async function viewsOf(reader: Reader, documents: readonly FileDocument[]): Promise<FileDocumentView[]> {
  const numbers = new Map<string, Promise<string | null>>()
  const numberOf = (companyId: string, link: FileDocumentLink) => {
    const key = `${link.type}:${link.targetId}`
    let number = numbers.get(key)
    if (!number) {
      number = LINK_TARGETS[link.type](reader, companyId, link.targetId).then((target) => target?.number ?? null)
      numbers.set(key, number)
    }
    return number
  }
  return Promise.all(documents.map(async ({ companyId, links, ...document }) => ({
    ...document,
    links: await Promise.all(links.map(async (link) => ({ ...link, targetNumber: await numberOf(companyId, link) }))),
  })))
}

export const viewOf = async (reader: Reader, document: FileDocument): Promise<FileDocumentView> => (await viewsOf(reader, [document]))[0]!
