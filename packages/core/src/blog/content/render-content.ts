import { Lexer, marked, type Token } from 'marked'
import type { ContentFormat } from '../posts/blog-post'
import { sanitisePostHtml } from './sanitise-html'

/** Line endings as markdown reads them. */
const normalised = (markdown: string) => markdown.replace(/\r\n?/g, '\n')

const LONE_CLOSING_TAG = /^<\/([A-Za-z][A-Za-z0-9-]*)\s*>$/
const LONE_OPENING_TAG = /^<([A-Za-z][A-Za-z0-9-]*)(\s[^<]*)?\/?>$/

/**
 * A piece of raw HTML in markdown, sanitised. Inline HTML comes as single tags (`<b …>` and
 * `</b>` around markdown text), which the sanitiser would close or drop on their own: an
 * opening tag keeps only its sanitised self, a closing tag stays when its element is allowed.
 */
function sanitisedRawHtml(raw: string): string {
  const closing = LONE_CLOSING_TAG.exec(raw.trim())
  if (closing) return sanitisePostHtml(`<${closing[1]}></${closing[1]}>`).endsWith(`</${closing[1]!.toLowerCase()}>`) ? raw.trim() : ''
  const opening = LONE_OPENING_TAG.exec(raw.trim())
  if (opening) return sanitisePostHtml(raw).replace(new RegExp(`</${opening[1]!.toLowerCase()}>$`), '')
  return sanitisePostHtml(raw)
}

/** Elements whose text is code or data, not prose: when the sanitiser drops them, their text goes too. */
const NON_TEXT = /^(script|style|iframe|object|embed|svg|math|template|noscript|textarea|title|xmp|noembed|noframes)$/i

/** A piece of `source` to replace, in document order. */
interface Replacement {
  raw: string
  by: string
}

/**
 * What to change in a block of markdown: each piece of raw HTML by its sanitised form, and
 * the markdown text between an inline `<script>` (or another element whose text is no prose)
 * and its end tag by nothing.
 */
function replacementsOf(tokens: readonly Token[]): Replacement[] {
  const found: Replacement[] = []
  let dropping: string | undefined
  marked.walkTokens([...tokens] as Token[], (token) => {
    if (token.type === 'html' && token.raw.trim() !== '') {
      const raw = token.raw.trim()
      const closing = LONE_CLOSING_TAG.exec(raw)?.[1]?.toLowerCase()
      const opening = LONE_OPENING_TAG.exec(raw)?.[1]?.toLowerCase()
      if (dropping && closing === dropping) dropping = undefined
      else if (!dropping && opening && NON_TEXT.test(opening) && !raw.endsWith('/>')) dropping = opening
      found.push({ raw: token.raw, by: sanitisedRawHtml(token.raw) })
    } else if (dropping && !('tokens' in token && token.tokens?.length) && token.raw !== '') {
      found.push({ raw: token.raw, by: '' })
    }
  })
  return found
}

/**
 * Markdown as written, but each piece of raw HTML in it replaced by its sanitised form, so a
 * reader that renders the stored markdown itself shows nothing the allow-list refuses. Code
 * spans and blocks are text, not HTML: they stay as they are. The raw pieces are found per
 * top-level block (whose sources add up to the whole text) in order.
 */
export function sanitiseMarkdown(markdown: string): string {
  const source = normalised(markdown)
  const blocks = Lexer.lex(source)
  let result = ''
  let offset = 0
  for (const block of blocks) {
    let text = source.slice(offset, offset + block.raw.length)
    offset += block.raw.length
    let from = 0
    for (const { raw, by } of replacementsOf([block])) {
      const at = text.indexOf(raw, from)
      if (at === -1) continue
      text = text.slice(0, at) + by + text.slice(at + raw.length)
      from = at + by.length
    }
    result += text
  }
  // The blocks did not cover the text (a lexer quirk): keep nothing unrendered that was not checked.
  return offset === source.length ? result : sanitisePostHtml(source)
}

/** What is stored of submitted content: markdown with its raw HTML sanitised, or sanitised HTML. */
export const storedContentOf = (format: ContentFormat, content: string): string =>
  format === 'markdown' ? sanitiseMarkdown(content) : sanitisePostHtml(content)

/** The HTML a page shows of stored content: markdown rendered, then (like given HTML) sanitised. */
export const contentHtmlOf = (format: ContentFormat, content: string): string =>
  sanitisePostHtml(format === 'markdown' ? marked.parse(content, { async: false, gfm: true }) : content)
