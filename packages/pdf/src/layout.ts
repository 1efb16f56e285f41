import type { DocumentView, ItemRowView, LineRowView, TotalsView } from '@invoicing/core'
import { degrees, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'
import type { FontStyle, LoadedFont } from './fonts'
import { wrapText } from './text'

const MM = 72 / 25.4
const PAGE_WIDTH = 210 * MM
const PAGE_HEIGHT = 297 * MM
/** DIN 5008: text from 25 mm, right margin 20 mm. */
const LEFT = 25 * MM
const RIGHT = 190 * MM
/** Lowest baseline of body text; below it: page number and the footer of the letterhead. */
const BODY_BOTTOM = 262 * MM
const CONTINUATION_TOP = 24 * MM
const CELL_PADDING = 1.4 * MM

const INK = rgb(0.11, 0.12, 0.14)
const MUTED = rgb(0.36, 0.38, 0.42)
const RULE = rgb(0.78, 0.8, 0.83)
const BAND = rgb(0.94, 0.95, 0.96)
const ACCENT = rgb(0.12, 0.23, 0.4)
const WATERMARK = rgb(0.91, 0.92, 0.93)

const SIZE = { body: 9, small: 7.5, tiny: 6.5, header: 8, title: 15, company: 13, recipient: 10, grand: 10 }
const leading = (size: number) => size * 1.32

interface TextStyle {
  style?: FontStyle
  size?: number
  color?: RGB
  align?: 'left' | 'right'
}

type ColumnKey = Exclude<keyof ItemRowView, 'kind'>

interface Column {
  key: ColumnKey
  align: 'left' | 'right'
  /** Left edge of the cell's text area, and its width. */
  x: number
  width: number
}

/** What the layout draws on: a page of a pdf-lib document, or one that draws nothing (page counting). */
export type LayoutPage = Pick<PDFPage, 'drawText' | 'drawLine' | 'drawRectangle' | 'setFont'>

/** The document the layout adds its pages to. */
export interface LayoutDocument {
  addPage(size: [number, number]): LayoutPage
  getPages(): LayoutPage[]
  /** Only the pages are wanted: nothing is drawn or measured that does not move the layout. */
  readonly countsPages?: boolean
}

/** Lays out one document; `y` values count down from the top edge of the page, in points. */
export class Layout {
  private page!: LayoutPage
  private y = 0
  private readonly columns: Column[]
  private readonly descriptionColumn: Column

  constructor(
    private readonly document: LayoutDocument,
    private readonly view: DocumentView,
    private readonly metrics: Record<FontStyle, LoadedFont>,
    private readonly fonts: Record<FontStyle, PDFFont>,
  ) {
    this.columns = this.tableColumns()
    this.descriptionColumn = this.columns.find((column) => column.key === 'description')!
  }

  draw(): void {
    this.page = this.document.addPage([PAGE_WIDTH, PAGE_HEIGHT])
    this.pageFurniture()
    this.foldMarks()
    this.letterhead()
    this.addressWindow()
    const metaBottom = this.informationBlock()
    // Form B: the subject line (here the title) starts at 98.46 mm, below the window and the information block.
    this.y = Math.max(103.4 * MM, metaBottom + 12 * MM)
    this.titleBlock()
    if (this.view.headerText) this.paragraphs([this.view.headerText], 5 * MM)
    this.y += 5 * MM
    this.table()
    if (this.view.totals) this.totals(this.view.totals)
    this.paragraphs(this.view.legalNotes, 6 * MM)
    this.paragraphs(this.view.paymentTerms, 4 * MM)
    if (this.view.footerText) this.paragraphs([this.view.footerText], 4 * MM)
    this.pageNumbers()
  }

  // --- pages -------------------------------------------------------------------------------

  private newPage(withTableHeader: boolean): void {
    this.page = this.document.addPage([PAGE_WIDTH, PAGE_HEIGHT])
    this.pageFurniture()
    this.text(this.view.reference, LEFT, 15 * MM, { size: SIZE.small, color: MUTED })
    this.y = CONTINUATION_TOP
    if (withTableHeader) this.tableHeader()
  }

  /** Makes room for `height` more points, on a new page if needed. */
  private ensure(height: number, withTableHeader = false): void {
    if (this.y + height > BODY_BOTTOM) this.newPage(withTableHeader)
  }

  /** What every page has: the watermark behind everything, and the letterhead's footer. */
  private pageFurniture(): void {
    if (this.document.countsPages) return
    if (this.view.watermark) {
      const size = 96
      const width = this.metrics.bold.widthOf(this.view.watermark, size)
      const angle = Math.PI / 4
      const height = this.metrics.bold.capHeight * size
      this.useFont(this.fonts.bold)
      this.page.drawText(this.metrics.bold.printable(this.view.watermark), {
        x: PAGE_WIDTH / 2 - (width / 2) * Math.cos(angle) + (height / 2) * Math.sin(angle),
        y: PAGE_HEIGHT / 2 - (width / 2) * Math.sin(angle) - (height / 2) * Math.cos(angle),
        size, color: WATERMARK, rotate: degrees(45),
      })
    }
    const letterhead = this.view.letterhead
    if (!letterhead) return
    this.line(LEFT, 272 * MM, RIGHT, 272 * MM, 0.5, RULE)
    const columns = [
      [letterhead.companyName, ...letterhead.address],
      letterhead.contact,
      letterhead.taxIds,
      letterhead.bank,
    ].filter((lines) => lines.length > 0)
    // Columns as wide as their longest line, spread across the text width; a smaller size when they do not fit.
    const natural = (size: number) => columns.map((lines) => Math.max(...lines.map((line) => this.metrics.regular.widthOf(line, size))))
    const minimumGap = 4 * MM
    let size = SIZE.tiny
    let widths = natural(size)
    const needed = (list: number[]) => list.reduce((sum, width) => sum + width, 0) + minimumGap * (list.length - 1)
    if (needed(widths) > RIGHT - LEFT) {
      size = Math.max(5.5, size * (RIGHT - LEFT - minimumGap * (widths.length - 1)) / (needed(widths) - minimumGap * (widths.length - 1)))
      widths = natural(size)
    }
    const share = (RIGHT - LEFT - minimumGap * (widths.length - 1)) / widths.length
    const gap = columns.length > 1 ? Math.max(minimumGap, (RIGHT - LEFT - widths.reduce((sum, width) => sum + width, 0)) / (columns.length - 1)) : 0
    let x = LEFT
    columns.forEach((lines, index) => {
      const width = needed(widths) > RIGHT - LEFT ? share : widths[index]!
      lines.forEach((line, row) => {
        this.text(this.fit(line, width, size), x, 276 * MM + row * leading(size), { size, color: MUTED })
      })
      x += width + gap
    })
  }

  /** DIN 5008 fold marks at 105 and 210 mm and the hole mark at 148.5 mm, in the left margin. */
  private foldMarks(): void {
    for (const [at, length] of [[105, 4], [148.5, 6], [210, 4]] as const) this.line(4 * MM, at * MM, (4 + length) * MM, at * MM, 0.5, RULE)
  }

  private pageNumbers(): void {
    if (this.document.countsPages) return
    const pages = this.document.getPages()
    if (pages.length < 2) return
    pages.forEach((page, index) => {
      this.page = page
      const label = this.view.pageNumberTemplate.replace('{page}', String(index + 1)).replace('{pages}', String(pages.length))
      this.text(label, RIGHT, 268 * MM, { size: SIZE.small, color: MUTED, align: 'right' })
    })
  }

  // --- first page ----------------------------------------------------------------------------

  /** Company name and address at the top right; the space stays empty without a letterhead. */
  private letterhead(): void {
    const letterhead = this.view.letterhead
    if (!letterhead) return
    this.text(letterhead.companyName, RIGHT, 18 * MM, { style: 'bold', size: SIZE.company, color: ACCENT, align: 'right' })
    let y = 24 * MM
    for (const line of [...letterhead.address, ...letterhead.contact]) {
      this.text(line, RIGHT, y, { size: SIZE.small, color: MUTED, align: 'right' })
      y += leading(SIZE.small)
    }
  }

  /**
   * The address field of form B: 85 × 45 mm at 20 mm from the left and 45 mm from the top. The
   * return address sits in the upper (Vermerk) zone, the recipient in the lower 27.3 mm.
   */
  private addressWindow(): void {
    const x = 25 * MM
    const senderSize = this.sizeToFit(this.view.senderLine, 80 * MM, SIZE.tiny, 5.5)
    const sender = this.fit(this.view.senderLine, 80 * MM, senderSize)
    this.text(sender, x, 59.5 * MM, { size: senderSize, color: MUTED })
    this.line(x, 60.5 * MM, x + this.metrics.regular.widthOf(sender, senderSize), 60.5 * MM, 0.3, MUTED)
    let y = 62.7 * MM + SIZE.recipient
    for (const line of this.view.recipient.slice(0, 6)) {
      this.text(this.fit(line, 80 * MM, SIZE.recipient), x, y, { size: SIZE.recipient })
      y += leading(SIZE.recipient)
    }
  }

  /** Number, dates and references at the right, from 50 mm down; returns its lowest baseline. */
  private informationBlock(): number {
    const x = 125 * MM
    let y = 53 * MM
    for (const { label, value } of this.view.meta) {
      const labelWidth = this.metrics.regular.widthOf(label, SIZE.header)
      this.text(label, x, y, { size: SIZE.header, color: MUTED })
      this.text(this.fit(value, RIGHT - x - labelWidth - 3 * MM, SIZE.body), RIGHT, y, { size: SIZE.body, align: 'right' })
      y += 4.6 * MM
    }
    return y - 4.6 * MM
  }

  private titleBlock(): void {
    const title = wrapText(this.view.title, RIGHT - LEFT, SIZE.title, this.metrics.bold.advance)
    for (const line of title) {
      this.text(line, LEFT, this.y, { style: 'bold', size: SIZE.title, color: ACCENT })
      this.y += leading(SIZE.title)
    }
    if (this.view.subtitle) {
      this.text(this.view.subtitle, LEFT, this.y, { size: SIZE.body, color: MUTED })
      this.y += leading(SIZE.body)
    }
  }

  // --- table ---------------------------------------------------------------------------------

  /** Columns sized to their widest cell; the description takes what is left. */
  private tableColumns(): Column[] {
    const { table } = this.view
    const keys: { key: ColumnKey; align: 'left' | 'right' }[] = [
      { key: 'position', align: 'left' },
      { key: 'description', align: 'left' },
      { key: 'quantity', align: 'right' },
      { key: 'unit', align: 'left' },
      ...(table.showPrices ? [{ key: 'unitPrice' as const, align: 'right' as const }] : []),
      ...(table.showDiscount ? [{ key: 'discount' as const, align: 'right' as const }] : []),
      ...(table.showTaxRate ? [{ key: 'taxRate' as const, align: 'right' as const }] : []),
      ...(table.showPrices ? [{ key: 'amount' as const, align: 'right' as const }] : []),
    ]
    const items = table.rows.filter((row): row is ItemRowView => row.kind === 'item')
    const widths = keys.map(({ key }) => key === 'description' ? 0 : Math.max(
      this.metrics.bold.widthOf(table.columns[key], SIZE.header),
      ...items.map((row) => this.metrics.regular.widthOf(row[key], SIZE.body)),
    ) + 2 * CELL_PADDING)
    const fixed = widths.reduce((sum, width) => sum + width, 0)
    const start = LEFT - CELL_PADDING
    widths[1] = Math.max(RIGHT + CELL_PADDING - start - fixed, 30 * MM)
    let x = start
    return keys.map(({ key, align }, index) => {
      const column = { key, align, x: x + CELL_PADDING, width: widths[index]! - 2 * CELL_PADDING }
      x += widths[index]!
      return column
    })
  }

  private tableHeader(): void {
    const height = 6.2 * MM
    this.rect(LEFT - CELL_PADDING, this.y, RIGHT - LEFT + 2 * CELL_PADDING, height, BAND)
    const baseline = this.y + height / 2 + this.metrics.bold.capHeight * SIZE.header / 2
    for (const column of this.columns) {
      this.cell(this.view.table.columns[column.key], column, baseline, { style: 'bold', size: SIZE.header })
    }
    this.y += height + 1 * MM
  }

  private table(): void {
    this.ensure(6.2 * MM + 12 * MM)
    this.tableHeader()
    let atTop = true
    for (const row of this.view.table.rows) {
      if (row.kind === 'pagebreak') {
        if (!atTop) this.newPage(true)
        atTop = true
        continue
      }
      this.row(row)
      atTop = false
    }
  }

  private row(row: Exclude<LineRowView, { kind: 'pagebreak' }>): void {
    const line = leading(SIZE.body)
    const top = 1.1 * MM
    const bottom = 1.3 * MM
    if (row.kind === 'subtotal') {
      const height = top + line + bottom
      this.ensure(height, true)
      this.rect(LEFT - CELL_PADDING, this.y, RIGHT - LEFT + 2 * CELL_PADDING, height, BAND)
      const baseline = this.y + top + SIZE.body * 0.95
      this.text(row.label, this.descriptionColumn.x, baseline, { style: 'bold' })
      this.text(row.amount, RIGHT, baseline, { style: 'bold', align: 'right' })
      this.y += height
      return
    }
    const width = row.kind === 'text' ? RIGHT - this.descriptionColumn.x : this.descriptionColumn.width
    const lines = wrapText(row.kind === 'text' ? row.text : row.description, width, SIZE.body, this.metrics.regular.advance)
    const room = Math.max(1, Math.floor((BODY_BOTTOM - CONTINUATION_TOP - 12 * MM - top - bottom) / line))
    let first = true
    // A row moves to the next page whole; only a row taller than a page is split.
    for (let start = 0; start < lines.length || first; start += room) {
      const part = lines.slice(start, start + room)
      const height = top + Math.max(1, part.length) * line + bottom
      this.ensure(height, true)
      const baseline = this.y + top + SIZE.body * 0.95
      part.forEach((text, index) => {
        this.text(text, this.descriptionColumn.x, baseline + index * line, { color: row.kind === 'text' || index === 0 ? INK : MUTED })
      })
      if (row.kind === 'item' && first) {
        for (const column of this.columns) if (column.key !== 'description') this.cell(row[column.key], column, baseline, {})
      }
      this.y += height
      if (row.kind === 'item') this.line(LEFT - CELL_PADDING, this.y, RIGHT + CELL_PADDING, this.y, 0.3, RULE)
      first = false
    }
  }

  private cell(text: string, column: Column, baseline: number, style: TextStyle): void {
    if (!text || this.document.countsPages) return
    const fitted = this.fit(text, column.width, style.size ?? SIZE.body, style.style)
    this.text(fitted, column.align === 'right' ? column.x + column.width : column.x, baseline, { ...style, align: column.align })
  }

  // --- totals and texts ----------------------------------------------------------------------

  private totals({ lines, grand }: TotalsView): void {
    const line = 5 * MM
    const labelWidth = Math.max(...[...lines, grand].map((entry) => this.metrics.regular.widthOf(entry.label, SIZE.body)))
    const amountWidth = Math.max(...[...lines, grand].map((entry) => this.metrics.bold.widthOf(entry.amount, SIZE.grand)))
    const x = Math.min(RIGHT - 75 * MM, RIGHT - labelWidth - amountWidth - 8 * MM)
    this.y += 3 * MM
    this.ensure(lines.length * line + 10 * MM)
    for (const entry of lines) {
      this.y += line
      this.text(entry.label, x, this.y, {})
      this.text(entry.amount, RIGHT, this.y, { align: 'right' })
    }
    this.y += 2.5 * MM
    this.line(x, this.y, RIGHT, this.y, 0.8, INK)
    this.y += 5 * MM
    this.text(grand.label, x, this.y, { style: 'bold', size: SIZE.grand })
    this.text(grand.amount, RIGHT, this.y, { style: 'bold', size: SIZE.grand, align: 'right' })
    this.y += 2.2 * MM
    this.line(x, this.y, RIGHT, this.y, 0.4, INK)
    this.line(x, this.y + 0.7 * MM, RIGHT, this.y + 0.7 * MM, 0.4, INK)
  }

  /** Paragraphs at full width after a gap; they flow onto new pages line by line. */
  private paragraphs(texts: string[], gap: number): void {
    if (texts.length === 0) return
    this.y += gap
    const line = leading(SIZE.body)
    texts.forEach((text, index) => {
      if (index > 0) this.y += 1.8 * MM
      const lines = wrapText(text, RIGHT - LEFT, SIZE.body, this.metrics.regular.advance)
      // Keep short paragraphs (up to three lines) together.
      if (lines.length <= 3) this.ensure(lines.length * line)
      for (const text of lines) {
        this.ensure(line)
        this.text(text, LEFT, this.y + SIZE.body, {})
        this.y += line
      }
    })
  }

  // --- primitives ----------------------------------------------------------------------------

  private text(content: string, x: number, baseline: number, style: TextStyle): void {
    if (!content || this.document.countsPages) return
    const size = style.size ?? SIZE.body
    const font = style.style ?? 'regular'
    const text = this.metrics[font].printable(content)
    const left = style.align === 'right' ? x - this.metrics[font].widthOf(text, size) : x
    this.useFont(this.fonts[font])
    this.page.drawText(text, { x: left, y: PAGE_HEIGHT - baseline, size, color: style.color ?? INK })
  }

  private readonly fontKeys = new Map<LayoutPage, Map<PDFFont, unknown>>()

  /**
   * Makes `font` the page's current font. pdf-lib adds a resource name on every `setFont`
   * (and twice per `drawText` given a font), so a page would list one name per string
   * drawn; this keeps one name per font and page by reusing it through pdf-lib's (stable,
   * 1.17.1 is the last release) page fields.
   */
  private useFont(font: PDFFont): void {
    const page = this.page as unknown as { font?: PDFFont; fontKey?: unknown }
    if (page.font === font) return
    let keys = this.fontKeys.get(this.page)
    if (!keys) this.fontKeys.set(this.page, (keys = new Map()))
    const key = keys.get(font)
    if (key) {
      page.font = font
      page.fontKey = key
    } else {
      this.page.setFont(font)
      keys.set(font, page.fontKey)
    }
  }

  /** The largest size from `size` down to `minimum` at which `text` fits `width`. */
  private sizeToFit(text: string, width: number, size: number, minimum: number, style: FontStyle = 'regular'): number {
    const natural = this.metrics[style].widthOf(text, size)
    return natural <= width ? size : Math.max(minimum, (size * width / natural) * 0.999)
  }

  /** `text` shortened with an ellipsis to fit `width`; such cells are rare (the table sizes columns to fit). */
  private fit(text: string, width: number, size: number, style: FontStyle = 'regular'): string {
    const measure = this.metrics[style].widthOf
    if (measure(text, size) <= width) return text
    let chars = Array.from(text)
    while (chars.length > 1 && measure(`${chars.join('')}…`, size) > width) chars = chars.slice(0, -1)
    return `${chars.join('')}…`
  }

  private line(x1: number, y1: number, x2: number, y2: number, thickness: number, color: RGB): void {
    if (this.document.countsPages) return
    this.page.drawLine({ start: { x: x1, y: PAGE_HEIGHT - y1 }, end: { x: x2, y: PAGE_HEIGHT - y2 }, thickness, color })
  }

  private rect(x: number, top: number, width: number, height: number, color: RGB): void {
    if (this.document.countsPages) return
    this.page.drawRectangle({ x, y: PAGE_HEIGHT - top - height, width, height, color })
  }
}
