/** The EPC basic character set of SEPA texts: a–z A–Z 0–9 / - ? : ( ) . , ' + and space. */
const SEPA_BASIC = /^[A-Za-z0-9/\-?:().,'+ ]*$/
const OUTSIDE_SEPA_BASIC = /[^A-Za-z0-9/\-?:().,'+ ]/g

/** German letters spelled out, & as +: what a reader expects instead of a dot. */
const SPELLED_OUT: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', '&': '+' }

/** Characters XML 1.0 does not allow, and lone surrogates. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export const isSepaBasicText = (text: string): boolean => SEPA_BASIC.test(text)

/**
 * `text` in the EPC basic set: umlauts and ß spelled out, & → +, letters with other accents
 * without them (é → e), line breaks and tabs → space, every other character → `.`.
 */
export function sepaBasicText(text: string): string {
  const spelled = text.replace(/[äöüÄÖÜß&]/g, (character) => SPELLED_OUT[character]!).replace(/[\t\r\n]/g, ' ')
  return spelled.normalize('NFD').replace(/\p{M}/gu, '').replace(OUTSIDE_SEPA_BASIC, '.')
}

/** A text of the file: transliterated when the company asks for it, else only what XML cannot hold removed; trimmed and cut to `max`. */
export function sepaText(text: string, { transliterate, max }: { transliterate: boolean; max: number }): string {
  const allowed = transliterate ? sepaBasicText(text) : text.replace(NOT_XML, '').replace(/[\t\r\n]/g, ' ')
  return [...allowed.trim()].slice(0, max).join('').trim()
}
