import fontkit from '@pdf-lib/fontkit'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { PDFDocument, PDFFont } from 'pdf-lib'

/**
 * DejaVu Sans Condensed (Bitstream Vera licence + public domain, freely redistributable),
 * from the `dejavu-fonts-ttf` package: it covers Latin, Latin Extended A/B, Greek and
 * Cyrillic, so every European name prints, and pdf-lib subsets it correctly (the toolchain
 * notes found Inter and Noto broken by pdf-lib's subsetter). The condensed cut keeps the
 * line table narrow.
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
} as const

export type FontStyle = keyof typeof FONT_FILES

type FontkitFont = ReturnType<typeof fontkit.create>

/** A parsed font: the bytes pdf-lib embeds, and widths measured without shaping. */
export interface LoadedFont {
  bytes: Uint8Array
  font: FontkitFont
  /** Width of `text` at `size` points, as pdf-lib will draw it (no kerning, no ligatures). */
  widthOf(text: string, size: number): number
  /** Width of one code point at size 1: widths add up, as nothing is kerned. */
  advance(codePoint: number): number
  /**
   * `text` with every character the font has no glyph for replaced by U+FFFD: a reader sees
   * that something is missing, and the PDF never draws the `.notdef` glyph (PDF/A forbids it).
   */
  printable(text: string): string
  /** Height above the baseline of capital letters, per point of size. */
  capHeight: number
}

let loading: Promise<Record<FontStyle, LoadedFont>> | undefined

/** The fonts, read and parsed once per process. */
export function loadFonts(): Promise<Record<FontStyle, LoadedFont>> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url)
    const [regular, bold] = await Promise.all([readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))])
    return { regular: loaded(new Uint8Array(regular)), bold: loaded(new Uint8Array(bold)) }
  })()
  loading.catch(() => { loading = undefined })
  return loading
}

const BASIC_PLANE = 0x10000

/** `lookup`, remembered per code point: fontkit walks the font's tables on every call. */
function perCodePoint<T>(lookup: (codePoint: number) => T): (codePoint: number) => T {
  const known = new Map<number, T>()
  return (codePoint) => {
    if (!known.has(codePoint)) known.set(codePoint, lookup(codePoint))
    return known.get(codePoint)!
  }
}

function loaded(bytes: Uint8Array): LoadedFont {
  const font = fontkit.create(bytes)
  useCmapLayout(font)
  const scale = 1 / font.unitsPerEm
  const advanceOf = perCodePoint((codePoint) => font.glyphForCodePoint(codePoint).advanceWidth * scale)
  const has = perCodePoint((codePoint) => font.hasGlyphForCodePoint(codePoint))
  const replacement = has(0xfffd) ? '\ufffd' : '?'
  // Text wrapping asks for every character: an array lookup instead of a Map's, for the basic plane.
  const advances = new Float64Array(BASIC_PLANE).fill(NaN)
  return {
    bytes,
    font,
    printable(text) {
      for (const char of text) {
        if (!has(char.codePointAt(0)!)) return Array.from(text, (each) => (has(each.codePointAt(0)!) ? each : replacement)).join('')
      }
      return text
    },
    capHeight: (font.capHeight || font.ascent * 0.7) * scale,
    advance: (codePoint) => {
      if (codePoint >= BASIC_PLANE) return advanceOf(codePoint)
      const known = advances[codePoint]!
      return Number.isNaN(known) ? (advances[codePoint] = advanceOf(codePoint)) : known
    },
    widthOf(text, size) {
      let width = 0
      for (const char of text) width += advanceOf(char.codePointAt(0)!)
      return width * size
    },
  }
}

/**
 * Replaces fontkit's `layout` on this (private, shared) font object with a plain cmap
 * lookup: one glyph per code point, no shaping. pdf-lib calls `layout` for every string it
 * draws (to encode it) and measures; even with every optional feature off, fontkit still runs
 * its shaping engine, which made drawing cost 0.1 ms per string. Without shaping the output is
 * the same for our texts: they are NFC (composed letters, no marks to position), left to right,
 * and pdf-lib writes no kerning anyway.
 */
function useCmapLayout(font: FontkitFont): void {
  const glyphOf = perCodePoint((codePoint) => font.glyphForCodePoint(codePoint))
  Object.defineProperty(font, 'layout', {
    value: (text: string) => ({ glyphs: Array.from(text, (char) => glyphOf(char.codePointAt(0)!)) }),
  })
}

/**
 * A fontkit for pdf-lib that hands back the already parsed font for known bytes: pdf-lib
 * calls `create` on every `embedFont`, which would parse the 700 KB file for each document.
 * The parsed font is only read by pdf-lib (each document makes its own subset of it).
 */
function cachingFontkit(fonts: Record<FontStyle, LoadedFont>) {
  return {
    create(buffer: Uint8Array, postscriptName?: string) {
      const known = Object.values(fonts).find((font) => font.bytes === buffer)
      return known?.font ?? fontkit.create(buffer, postscriptName)
    },
  }
}

/**
 * Embeds both styles in `document` as subsets (drawn without shaping: `useCmapLayout`). A subset's PostScript name
 * starts with a six-letter tag and `+` (ISO 32000-1, 9.6.4), so readers and PDF/A checkers
 * know it is a subset; pdf-lib would append a number instead.
 */
export async function embedFonts(document: PDFDocument, fonts: Record<FontStyle, LoadedFont>): Promise<Record<FontStyle, PDFFont>> {
  document.registerFontkit(cachingFontkit(fonts) as unknown as Parameters<PDFDocument['registerFontkit']>[0])
  const embed = (font: LoadedFont) =>
    document.embedFont(font.bytes, { subset: true, customName: `${subsetTag()}+${font.font.postscriptName}` })
  const [regular, bold] = await Promise.all([embed(fonts.regular), embed(fonts.bold)])
  return { regular, bold }
}

const subsetTag = (): string => Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')
