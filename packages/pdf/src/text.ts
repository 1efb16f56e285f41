/** Measures text at a size in points. */
export type Measure = (text: string, size: number) => number

/**
 * Breaks `text` into lines no wider than `width`: at `\n`, then between words (at plain
 * spaces only, so a no-break space keeps `1.234,56 €` together), and inside a word only when
 * the word alone is too wide. Empty paragraphs stay as empty lines.
 */
export function wrapText(text: string, width: number, size: number, measure: Measure): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    if (paragraph.trim() === '') {
      lines.push('')
      continue
    }
    let line = ''
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word
      if (measure(candidate, size) <= width) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      line = ''
      let rest = word
      while (measure(rest, size) > width) {
        const cut = longestFit(rest, width, size, measure)
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

/** How many UTF-16 units of `text` fit in `width` (at least one character). */
function longestFit(text: string, width: number, size: number, measure: Measure): number {
  const chars = Array.from(text)
  let fit = 1
  while (fit < chars.length && measure(chars.slice(0, fit + 1).join(''), size) <= width) fit += 1
  return chars.slice(0, fit).join('').length
}
