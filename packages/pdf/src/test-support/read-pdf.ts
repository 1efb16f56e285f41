import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/** What a reader of a PDF sees: its text line by line per page, its attachments and properties. */
export interface ReadPdf {
  /** Per page, the lines top to bottom; the pieces of one line joined by single spaces. */
  pages: string[][]
  /** All pages' lines joined by `\n`; no-break spaces read as plain spaces. */
  text: string
  attachments: Record<string, Uint8Array>
  info: Record<string, unknown>
}

/**
 * Reads a PDF with pdf.js (Mozilla's PDF engine, as in Firefox): the text comes from the glyphs
 * the page draws, mapped back to Unicode through the font's ToUnicode table, as a viewer's
 * copy and search would see it.
 */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const document = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise
  try {
    const pages: string[][] = []
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      const pieces = content.items
        .filter((item) => 'str' in item && item.str.trim() !== '')
        .map((item) => {
          const { str, transform } = item as { str: string; transform: number[] }
          return { text: str.trim(), x: transform[4]!, y: transform[5]! }
        })
      // One line: pieces whose baselines are within 1.5 pt; top to bottom, then left to right.
      pieces.sort((a, b) => b.y - a.y || a.x - b.x)
      const lines: { y: number; parts: { x: number; text: string }[] }[] = []
      for (const piece of pieces) {
        const line = lines.find((candidate) => Math.abs(candidate.y - piece.y) < 1.5)
        if (line) line.parts.push(piece)
        else lines.push({ y: piece.y, parts: [piece] })
      }
      pages.push(lines.map((line) => line.parts.sort((a, b) => a.x - b.x).map((part) => part.text).join(' ').replaceAll('\u00a0', ' ')))
    }
    const attachments: Record<string, Uint8Array> = {}
    for (const [name, file] of Object.entries((await document.getAttachments()) ?? {})) {
      attachments[name] = (file as { content: Uint8Array }).content
    }
    const { info } = await document.getMetadata()
    return { pages, text: pages.map((lines) => lines.join('\n')).join('\n'), attachments, info: info as Record<string, unknown> }
  } finally {
    await document.destroy()
  }
}
