import type { Actor } from '../access'
import type { CoreDeps } from '../ports/deps'
import type { SalesDocument } from '../sales-documents'
import { descendantsOf, rootOf } from './document-chain'

/** A document of a chain as `…/related` lists it. */
export interface ChainMember {
  documentType: string
  id: string
  number: string
  status: string
  issueDate: string
  grossTotal: string
  precedingDocumentId: string | null
}

export interface DocumentChain {
  rootId: string
  /** The root and every document made from it, directly or through others, oldest first. */
  documents: ChainMember[]
}

const memberOf = (document: SalesDocument): ChainMember => ({
  documentType: document.documentType, id: document.id, number: document.number, status: document.status,
  issueDate: document.issueDate, grossTotal: document.grossTotal, precedingDocumentId: document.precedingDocument?.id ?? null,
})

/** The whole chain a document belongs to, from its first document down (invoices and credit notes included). */
export function createDocumentChain({ storage }: CoreDeps) {
  return async function chainOf(_actor: Actor, document: SalesDocument): Promise<DocumentChain> {
    const root = await rootOf(storage, document)
    const members = [root, ...await descendantsOf(storage, root)]
    members.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    return { rootId: root.id, documents: members.map(memberOf) }
  }
}
