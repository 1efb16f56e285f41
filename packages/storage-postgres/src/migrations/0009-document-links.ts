import { sql, type Kysely, type Migration } from 'kysely'

/** A stored JSON object whose keys are renamed or dropped. */
type Json = Record<string, unknown>

/**
 * A document as a version stored it, under the new names of its links. Its metadata stays as
 * it was frozen: nothing reads links from an archived version's metadata.
 */
function linkedDocument(document: Json | null): Json | null {
  if (!document) return document
  const { invoiceNumber, invoiceType, parentInvoiceId, source, lines, ...fields } = document as Json & {
    source: { type: string; id: string } | null; lines: Json[]
  }
  return {
    ...fields,
    number: invoiceNumber,
    documentType: invoiceType,
    precedingDocument: parentInvoiceId ? { documentType: 'INVOICE', id: parentInvoiceId } : source ? { documentType: source.type, id: source.id } : null,
    lines: lines.map(({ creditedLineId, ...line }) => ({ ...line, sourceLineId: creditedLineId ?? null })),
  }
}

/**
 * One link from a document to the one it was made from, instead of three: a credit note's
 * `parent_invoice_id`, an invoice's `source_type`/`source_id` (its proforma), and the
 * conversion noted in both documents' metadata. Line links (`credited_line_id`) become the
 * general `source_line_id`. Archived versions are rewritten to the same names, so an old
 * version draws exactly as before.
 */
export const documentLinks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('invoice')
      .addColumn('preceding_document_type', 'text')
      .addColumn('preceding_document_id', 'text')
      .execute()
    await sql`update invoice set preceding_document_type = 'INVOICE', preceding_document_id = parent_invoice_id where parent_invoice_id is not null`.execute(db)
    await sql`update invoice set preceding_document_type = source_type, preceding_document_id = source_id where source_id is not null and parent_invoice_id is null`.execute(db)
    // Only the keys the conversion wrote, naming the real link: a caller's own values stay.
    await sql`update invoice set metadata = metadata - 'convertedFromProformaId'
      where source_id is not null and metadata ->> 'convertedFromProformaId' = source_id`.execute(db)
    await sql`update invoice set metadata = metadata - 'convertedToInvoiceId'
      where exists (select 1 from invoice as converted where converted.company_id = invoice.company_id
        and converted.source_id = invoice.id and converted.id = invoice.metadata ->> 'convertedToInvoiceId')`.execute(db)
    await db.schema.dropIndex('invoice_parent').execute()
    await db.schema.alterTable('invoice').dropColumn('parent_invoice_id').dropColumn('source_type').dropColumn('source_id').execute()
    // Documents made from one are looked up by it: credit notes of an invoice, the invoice of a proforma.
    await db.schema.createIndex('invoice_preceding').on('invoice').columns(['company_id', 'preceding_document_id']).execute()
    await db.schema.alterTable('invoice_line').renameColumn('credited_line_id', 'source_line_id').execute()

    // In batches, so a large archive is never held in memory at once.
    for (let after = ''; ;) {
      const versions = await db.selectFrom('document_version').select(['id', 'snapshot']).where('id', '>', after).orderBy('id').limit(500).execute()
      if (versions.length === 0) break
      for (const { id, snapshot } of versions) {
        const parsed = JSON.parse(snapshot) as Json & { invoice: Json; parentInvoice: Json | null }
        const rewritten = { ...parsed, invoice: linkedDocument(parsed.invoice), parentInvoice: linkedDocument(parsed.parentInvoice) }
        await db.updateTable('document_version').set({ snapshot: JSON.stringify(rewritten) }).where('id', '=', id).execute()
      }
      after = versions.at(-1)!.id
    }
  },
}
