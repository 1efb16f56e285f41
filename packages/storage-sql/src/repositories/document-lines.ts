import type { DocumentLine } from '@invoicing/core'
import { columnsOf } from '../columns'
import type { LineColumns } from '../database'

/** Well below SQLite's limit of bound parameters per statement (15 per line). */
export const LINES_PER_INSERT = 500

const lineColumns = columnsOf<DocumentLine>([
  'id', 'lineType', 'productId', 'description', 'quantity', 'unit', 'unitPrice', 'discount', 'requestedTaxRate', 'taxRate', 'taxCategory', 'netAmount', 'sourceLineId',
])

/** A line's row at `position` in its document, with the column naming the document. */
export const lineToColumns = <TDocumentKey extends object>(line: DocumentLine, position: number, documentKey: TDocumentKey) =>
  lineColumns.toRow(line, { position, ...documentKey }) as unknown as LineColumns & TDocumentKey

export const lineFromRow = (row: LineColumns): DocumentLine => lineColumns.fromRow(row)

/** Lines read in document and position order, grouped by their document's id. */
export function linesByDocument<Row extends LineColumns>(rows: Iterable<Row>, documentIdOf: (row: Row) => string): Map<string, DocumentLine[]> {
  const linesOf = new Map<string, DocumentLine[]>()
  for (const row of rows) {
    const id = documentIdOf(row)
    let list = linesOf.get(id)
    if (!list) linesOf.set(id, (list = []))
    list.push(lineFromRow(row))
  }
  return linesOf
}
