import { fileTypeFromBuffer } from 'file-type'
import { imageSize } from 'image-size'
import sanitizeHtml from 'sanitize-html'
import { InvoicingError } from '../../errors'
import { BLOG_MEDIA_TYPES, type BlogMediaType } from './blog-media'

/** The types file-type tells by their content; SVG is text, told by {@link looksLikeSvg}. */
const SNIFFED: ReadonlySet<string> = new Set(BLOG_MEDIA_TYPES.filter((type) => type !== 'image/svg+xml'))

/** Text that starts (after an XML declaration, comments and a doctype) with an `<svg` element. */
const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>/]/i

const looksLikeSvg = (head: Uint8Array) => SVG_START.test(new TextDecoder().decode(head))

/** The type of media bytes by their first bytes, or 415 `unsupported_media_type`. */
export async function mediaTypeOf(head: Uint8Array): Promise<BlogMediaType> {
  const detected = (await fileTypeFromBuffer(head))?.mime
  if (detected && SNIFFED.has(detected)) return detected as BlogMediaType
  if ((detected === undefined || detected === 'application/xml') && looksLikeSvg(head)) return 'image/svg+xml'
  throw new InvoicingError('unsupported_media_type', `Blog media are PNG, JPEG, WebP, GIF, SVG or PDF; this file is ${detected ?? 'of another type'}`, {
    allowedValues: BLOG_MEDIA_TYPES, detectedType: detected ?? null,
  })
}

/** Width and height in pixels of an image's bytes; null for PDF and for an image that does not say. */
export function dimensionsOf(type: BlogMediaType, bytes: Uint8Array): { width: number | null; height: number | null } {
  if (type === 'application/pdf') return { width: null, height: null }
  try {
    const { width, height } = imageSize(bytes)
    return { width: width ?? null, height: height ?? null }
  } catch {
    return { width: null, height: null }
  }
}

/** Shapes, text, gradients and their presentation attributes: what a drawing needs, nothing that runs or loads. */
const SVG_TAGS = [
  'svg', 'g', 'defs', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan',
  'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'symbol',
]
const SVG_ATTRIBUTES = [
  'xmlns', 'version', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy',
  'd', 'points', 'transform', 'id', 'class', 'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'clip-path', 'mask', 'stroke', 'stroke-width',
  'stroke-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit', 'opacity',
  'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'clipPathUnits', 'maskUnits',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'dx', 'dy', 'letter-spacing',
]

/**
 * An SVG reduced to drawing: no scripts, no event handlers, no links or references to other
 * files (`href`), no styles, no foreign content. 415 when nothing of an `<svg>` is left.
 */
export function sanitisedSvg(bytes: Uint8Array): Uint8Array {
  const clean = sanitizeHtml(new TextDecoder().decode(bytes), {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    allowedSchemes: [],
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'iframe', 'object', 'embed'],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  }).trim()
  if (!/^<svg[\s>]/.test(clean)) throw new InvoicingError('unsupported_media_type', 'The SVG holds no drawing', { allowedValues: BLOG_MEDIA_TYPES })
  return new TextEncoder().encode(clean)
}
