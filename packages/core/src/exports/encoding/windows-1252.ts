import iconv from 'iconv-lite'

/*
 * DATEV and BMD read Windows-1252 ("ANSI") without a BOM. A character that code page lacks is
 * written as `?`, and the writer warns about it (`characters_replaced`): the file stays
 * importable, and nobody is surprised by a changed name.
 */

/** Every character Windows-1252 can write (its 251 mapped code points; 0x81, 0x8D, 0x8F, 0x90, 0x9D are unmapped). */
const WRITABLE = new Set(iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)), 'windows-1252').replace(/\uFFFD/g, ''))

/** The text with every character Windows-1252 cannot write replaced by `?`, and whether there was one. */
export function windows1252Text(text: string): { text: string; replaced: boolean } {
  let replaced = false
  let result = ''
  for (const character of text) {
    if (WRITABLE.has(character)) {
      result += character
    } else {
      result += '?'
      replaced = true
    }
  }
  return replaced ? { text: result, replaced } : { text, replaced }
}

/** The bytes of `text` in Windows-1252, no BOM; characters it cannot write become `?`. */
export const encodeWindows1252 = (text: string): Uint8Array => iconv.encode(text, 'windows-1252')

/** Text read from Windows-1252 bytes (for tests and checkers reading a file back). */
export const decodeWindows1252 = (bytes: Uint8Array): string => iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252')
