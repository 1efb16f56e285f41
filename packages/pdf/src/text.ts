/** Measures text at a size in points. */
export type Measure = (text: string, size: number) => number

/** The advance width of one code point at size 1. */
export type Advance = (codePoint: number) => number

/**
 * Breaks `text` into lines no wider than `width`: at `\n`, then between words (at plain
 * spaces only, so a no-break space keeps `1.234,56 €` together), and inside a word only when
 * the word alone is too wide. Empty paragraphs stay as empty lines.
 *
 * Widths add up character by character (the fonts are drawn without kerning), so each
 * character is measured once: the time is linear in the text, whatever its shape. Page
 * counting runs this on every request for a PDF before anything is drawn.
 */
export function wrapText(text: string, width: number, size: number, advance: Advance): string[] {
  const limit = width / size
  const space = advance(0x20)
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    if (paragraph.trim() === '') {
      lines.push('')
      continue
    }
    let line = ''
    let lineWidth = 0
    for (const word of paragraph.split(/ +/)) {
      if (!word) continue
      const wordWidth = widthOf(word, advance)
      if (line && lineWidth + space + wordWidth <= limit) {
        line += ` ${word}`
        lineWidth += space + wordWidth
        continue
      }
      if (line) lines.push(line)
      if (wordWidth <= limit) {
        line = word
        lineWidth = wordWidth
        continue
      }
      // A word wider than the line: as many characters as fit on each line, at least one.
      let start = 0
      lineWidth = 0
      for (let at = 0; at < word.length; at += 1) {
        const codePoint = word.codePointAt(at)!
        const charWidth = advance(codePoint)
        if (at > start && lineWidth + charWidth > limit) {
          lines.push(word.slice(start, at))
          start = at
          lineWidth = 0
        }
        lineWidth += charWidth
        if (codePoint > 0xffff) at += 1
      }
      line = word.slice(start)
    }
    lines.push(line)
  }
  return lines
}

function widthOf(text: string, advance: Advance): number {
  let width = 0
  for (let at = 0; at < text.length; at += 1) {
    const codePoint = text.codePointAt(at)!
    width += advance(codePoint)
    if (codePoint > 0xffff) at += 1
  }
  return width
}
