import type { DocumentKind } from './document-kind'
import { kindOf } from './document-kinds'
import type { SalesDocument } from './sales-document'
import type { Company } from '../companies'
import { InvoicingError } from '../errors'
import type { UnitOfWork } from '../unit-of-work'
import { issueNumber, issuesNumber } from './issuing'

// Each takes the document's kind from `DOCUMENT_KINDS` unless a kind is given.

/** The statuses a PUT may move this document to now, from its kind's transition table. */
export const allowedTransitionsOf = <D extends SalesDocument>(document: D, kind: DocumentKind<D> = kindOf(document)): readonly D['status'][] =>
  kind.transitionsOf(document)[document.status as D['status']] ?? []

export const canTransition = <D extends SalesDocument>(document: D, to: string, kind: DocumentKind<D> = kindOf(document)): boolean =>
  (allowedTransitionsOf(document, kind) as readonly string[]).includes(to)

/** Whether the document's content may still change, or only its status. */
export const isContentEditable = <D extends SalesDocument>(document: D, kind: DocumentKind<D> = kindOf(document)): boolean =>
  kind.isContentEditable(document)

/** Whether the document is still open: it can be cancelled, or converted. */
export const isOpen = <D extends SalesDocument>(document: D, kind: DocumentKind<D> = kindOf(document)): boolean =>
  (kind.openStatuses as readonly string[]).includes(document.status)

/** 400 `invalid_status_transition`, naming the statuses allowed, unless the kind's table lets the document go to `to`. */
export function assertTransition<D extends SalesDocument>(document: D, to: string, kind: DocumentKind<D> = kindOf(document)): void {
  if (canTransition(document, to, kind)) return
  const allowedTransitions = [...allowedTransitionsOf(document, kind)]
  throw new InvoicingError(
    'invalid_status_transition',
    `${document.status} cannot change to ${to}${allowedTransitions.length ? `; allowed: ${allowedTransitions.join(', ')}` : ''}`,
    { allowedTransitions },
  )
}

/**
 * The document in status `to`, if its kind's transition table allows the change; leaving draft
 * gives it its number (and counts it, for kinds that count). Nothing is stored: the caller
 * stores the document in the same unit of work.
 */
export async function changeStatus<D extends SalesDocument>(
  unit: UnitOfWork, company: Company, document: D, to: D['status'], kind: DocumentKind<D> = kindOf(document), quotaMonth?: string,
): Promise<D> {
  assertTransition(document, to, kind)
  const moved: D = { ...document, status: to }
  return issuesNumber(document.status, to) ? issueNumber(unit, company, moved, kind, quotaMonth) : moved
}
