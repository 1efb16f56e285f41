import type { AuditAction } from '../audit'
import type { NumberRangeType } from '../numbering'
import type { PrintKind } from '../print'
import type { DocumentType } from './document-type'
import type { SalesDocument } from './sales-document'

/** The status changes a PUT may request: from each status, the statuses it may go to. */
export type Transitions<S extends string = string> = Readonly<Partial<Record<S, readonly S[]>>>

/**
 * What sets one kind of document apart from the others. The engine's shared rules (numbering,
 * status changes, editing, printing, e-invoices, sending, copying) read these entries instead
 * of asking which type a document is, so a new kind is a new entry plus its own rules file.
 */
export interface DocumentKind<D extends SalesDocument = SalesDocument> {
  /** Every status a document of this kind can be in; new ones start in the first. */
  readonly statuses: readonly D['status'][]
  /** The status changes a PUT may request, for this document as it is now. */
  transitionsOf(document: D): Transitions<D['status']>
  /** Whether the content (not only the status) may still change. */
  isContentEditable(document: D): boolean
  /** The statuses a document is still open in: it can be cancelled or converted. */
  readonly openStatuses: readonly D['status'][]
  readonly numbering: {
    /** The company's number range its numbers come from. */
    readonly range: NumberRangeType
    /** Whether leaving draft counts against the company's monthly document quota. */
    readonly countsAgainstQuota: boolean
    /** The audit entry of a number issued, and the type it names as its target. */
    readonly issuedAudit: { readonly action: AuditAction; readonly targetType: string }
  }
  /** Quantities and amounts are stored with this sign: a credit note's are negative. */
  readonly sign: 1 | -1
  /** How the printed document is titled and worded. */
  printKind(document: D): PrintKind
  /** Its e-invoice (Factur-X / XRechnung), or null when it has none. */
  readonly eInvoice: {
    /** BT-3 (UNTDID 1001). */
    readonly typeCode: string
    /** Whether it is an invoice in the VAT sense; one that is not says so and cannot be an XRechnung. */
    readonly taxInvoice: boolean
  } | null
  /**
   * How the money it states is settled: `payments` received from the customer, or a `payout`
   * to the recipient (whose bank account the documents then name); null when it asks for none.
   */
  readonly settlement: 'payments' | 'payout' | null
  /** Whether a customer's SEPA mandate collects it by direct debit. */
  readonly directDebit: boolean
  /** Whether reminders (dunning) may be sent for it once overdue. */
  readonly remindable: boolean
  /** Whether a locked one is changed by correction (a new version). */
  readonly correctable: boolean
  /** Whether credit notes may credit it. */
  readonly creditable: boolean
  /** What cancelling an issued one leaves: a cancellation credit note beside it, or only the status. */
  readonly cancellation: 'credit-note' | 'status'
  /** Whether it can be mailed to the customer (`send`). */
  readonly sendable: boolean
  /** The kinds it can be converted into. */
  readonly convertibleTo: readonly DocumentType[]
  /** The statuses a conversion accepts it in. */
  readonly convertibleIn: readonly D['status'][]
  /** The status a conversion moves it to from some statuses (a quote is accepted by converting it). */
  readonly statusAfterConversion: Partial<Readonly<Record<D['status'], D['status']>>>
  /**
   * What it tracks of the documents made from it: whether its products were delivered (on
   * delivery notes), whether its amounts were invoiced, and whether it closes itself (COMPLETED)
   * once both are done. Null for kinds that track nothing.
   */
  readonly fulfilment: { readonly tracksDelivery: boolean; readonly completesAutomatically: boolean } | null
  /** How events, audit entries and webhooks name it: `invoice`, `credit_note`, `quote`, … */
  readonly resource: string
  /** The kind a duplicate of it becomes, or null when it cannot be duplicated. */
  readonly duplicateAs: DocumentType | null
}
