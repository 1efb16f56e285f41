/** Measures text at a size in points. */
export type Measure = (text: string, size: number) => number

/** The advance width of one character (a code point) at size 1. */
export type Advance = (char: string) => number

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
  const space = advance(' ')
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
      line = ''
      lineWidth = 0
      for (const char of word) {
        const charWidth = advance(char)
        if (line && lineWidth + charWidth > limit) {
          lines.push(line)
          line = ''
          lineWidth = 0
        }
        line += char
        lineWidth += charWidth
      }
    }
    lines.push(line)
  }
  return lines
}

function widthOf(text: string, advance: Advance): number {
  let width = 0
  for (const char of text) width += advance(char)
  return width
}
