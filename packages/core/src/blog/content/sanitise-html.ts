import sanitizeHtml from 'sanitize-html'

/** The media content URL, the one relative image source a post may show. */
const MEDIA_CONTENT_PATH = /^\/api\/v1\/blog\/media\/[A-Za-z0-9_-]+\/content$/

/** A relative URL: no scheme, and not `//host` (which is another site). */
const isRelative = (url: string) => !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//') && !url.startsWith('\\')

/**
 * The allow-list of post HTML: these tags; `a` with `href` (https, http, mailto or relative)
 * and `title`; `img` with `src` (https or a media content URL), `alt`, `width`, `height`.
 * Everything else goes: scripts and styles with their text, other tags keep their text only,
 * `on*` and every other attribute, URLs of other schemes.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'em', 'b', 'i', 'u', 's', 'blockquote', 'code', 'pre', 'ul', 'ol', 'li', 'a', 'img', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: [],
  allowedSchemesByTag: { a: ['https', 'http', 'mailto'], img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'xmp', 'noembed', 'noframes'],
  transformTags: {
    // Of relative image sources only the blog's own media; a relative link may point anywhere on the site.
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs
      const keep = src !== undefined && (!isRelative(src.trim()) || MEDIA_CONTENT_PATH.test(src.trim()))
      return { tagName, attribs: keep ? { ...rest, src: src.trim() } : rest }
    },
  },
}

/** `html` reduced to the allow-list of post content. */
export const sanitisePostHtml = (html: string): string => sanitizeHtml(html, OPTIONS)
