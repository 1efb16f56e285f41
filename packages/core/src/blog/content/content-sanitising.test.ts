import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseDocument } from 'htmlparser2'
import type { ChildNode, Element } from 'domhandler'
import { marked } from 'marked'
import { contentHtmlOf, sanitiseMarkdown } from './render-content'
import { sanitisePostHtml } from './sanitise-html'
import { HTML_VECTORS, MARKDOWN_VECTORS } from './xss-vectors'

const ALLOWED_TAGS = new Set(['p', 'br', 'h2', 'h3', 'h4', 'strong', 'em', 'b', 'i', 'u', 's', 'blockquote', 'code', 'pre', 'ul', 'ol', 'li', 'a', 'img', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'])
const ALLOWED_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] }

const elementsOf = (nodes: ChildNode[]): Element[] =>
  nodes.flatMap((node) => (node.type === 'tag' || node.type === 'script' || node.type === 'style' ? [node as Element, ...elementsOf((node as Element).children)] : []))

/** A URL as a browser reads its scheme: entities decoded (by the parser), white space and control characters dropped, any case. */
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/.exec(url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase())?.[1]

/** Fails unless `html`, parsed as a browser would, holds only allowed elements, attributes and URLs. */
function assertHarmless(html: string, vector: string): void {
  assert.doesNotMatch(html, /<script/i, `a script tag survived ${vector}`)
  for (const element of elementsOf(parseDocument(html, { decodeEntities: true }).children)) {
    assert.ok(ALLOWED_TAGS.has(element.name), `<${element.name}> survived ${vector}: ${html}`)
    for (const [name, value] of Object.entries(element.attribs)) {
      assert.ok(!name.toLowerCase().startsWith('on'), `${name}= survived ${vector}: ${html}`)
      assert.ok(ALLOWED_ATTRIBUTES[element.name]?.includes(name), `${element.name} ${name}= survived ${vector}: ${html}`)
      if (name === 'href') assert.ok([undefined, 'https', 'http', 'mailto'].includes(schemeOf(value)), `href ${value} survived ${vector}`)
      if (name === 'src') {
        assert.ok(schemeOf(value) === 'https' || /^\/api\/v1\/blog\/media\/[A-Za-z0-9_-]+\/content$/.test(value), `src ${value} survived ${vector}`)
      }
    }
  }
}

describe('post content against the OWASP XSS filter-evasion examples', () => {
  it(`holds at least 40 vectors (${HTML_VECTORS.length} HTML, ${MARKDOWN_VECTORS.length} markdown)`, () => {
    assert.ok(HTML_VECTORS.length >= 40)
  })

  it('leaves no script, event handler or script URL of any vector given as HTML', () => {
    for (const vector of HTML_VECTORS) {
      assertHarmless(contentHtmlOf('html', sanitisePostHtml(vector)), vector)
      assertHarmless(sanitisePostHtml(vector), vector)
    }
  })

  it('leaves none of any vector in markdown: neither in the rendered HTML nor as raw HTML in the stored markdown', () => {
    for (const vector of [...MARKDOWN_VECTORS, ...HTML_VECTORS]) {
      const stored = sanitiseMarkdown(vector)
      assertHarmless(contentHtmlOf('markdown', stored), vector)
      assertHarmless(contentHtmlOf('markdown', vector), vector)
      // What a markdown renderer that does not sanitise shows of the stored text's raw HTML.
      for (const element of elementsOf(parseDocument(marked.parse(stored, { async: false })).children)) {
        assert.ok(!Object.keys(element.attribs).some((name) => name.toLowerCase().startsWith('on')), `stored markdown keeps a handler: ${stored}`)
        assert.notEqual(element.name, 'script', `stored markdown keeps a script: ${stored}`)
      }
    }
  })
})

describe('post content that is allowed', () => {
  it('keeps the allow-listed tags, safe links and images (https or a media content URL)', () => {
    const html = '<h2>T</h2><p><a href="https://a.example/x" title="t">a</a> <a href="mailto:x@y.de">m</a> <a href="/preise">r</a></p>' +
      '<img src="https://cdn.example/a.png" alt="A" width="10" height="5"><img src="/api/v1/blog/media/abc123/content" alt="B">' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table><pre><code>x</code></pre>'
    assert.equal(sanitisePostHtml(html), html.replace('<img src="https://cdn.example/a.png" alt="A" width="10" height="5">', '<img alt="A" width="10" height="5" src="https://cdn.example/a.png" />')
      .replace('<img src="/api/v1/blog/media/abc123/content" alt="B">', '<img alt="B" src="/api/v1/blog/media/abc123/content" />'))
  })

  it('drops image sources that are relative elsewhere or protocol-relative, and unknown tags but not their text', () => {
    assert.equal(sanitisePostHtml('<img src="/other/x.png" alt="a">'), '<img alt="a" />')
    assert.equal(sanitisePostHtml('<a href="//evil.example">x</a>'), '<a>x</a>')
    assert.equal(sanitisePostHtml('<h1>Big</h1><div><span>t</span></div>'), 'Bigt')
  })

  it('drops an inline script with its text from stored markdown, and keeps the text around it', () => {
    assert.equal(sanitiseMarkdown('Vorher <script>alert(1)</script> **nachher**'), 'Vorher  **nachher**')
    assert.equal(sanitiseMarkdown('A <style>p{}</style> B <i>c</i>'), 'A  B <i>c</i>')
  })

  it('stores markdown as written, with raw HTML sanitised and code left alone', () => {
    const markdown = '# Titel\r\n\r\n> Zitat mit `<script>` im Code\n\n```html\n<script>alert(1)</script>\n```\n\nText <b onclick="x()">fett</b> <em>ok</em> <span>s</span>'
    assert.equal(sanitiseMarkdown(markdown), '# Titel\n\n> Zitat mit `<script>` im Code\n\n```html\n<script>alert(1)</script>\n```\n\nText <b>fett</b> <em>ok</em> s')
    assert.match(contentHtmlOf('markdown', sanitiseMarkdown(markdown)), /<pre><code>&lt;script&gt;alert\(1\)&lt;\/script&gt;\n<\/code><\/pre>/)
  })
})
