/** ISO 7064 MOD 97-10 remainder of a text of digits and capital letters (A = 10 … Z = 35). */
export function mod97Remainder(text: string): number {
  let remainder = 0
  for (const character of text) {
    const value = character >= 'A' && character <= 'Z' ? String(character.charCodeAt(0) - 55) : character
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder
}

const CREDITOR_ID = /^([A-Z]{2})(\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/

/**
 * Whether a SEPA creditor identifier (country, 2 check digits, 3-character business code,
 * national id) has the right check digits: ISO 7064 MOD 97-10 over the national id, the
 * country and `00`, the business code left out.
 */
export function isValidCreditorId(creditorId: string): boolean {
  const match = CREDITOR_ID.exec(creditorId.replace(/\s+/g, '').toUpperCase())
  if (!match) return false
  const [, country, checkDigits, nationalId] = match
  return 98 - mod97Remainder(`${nationalId}${country}00`) === Number(checkDigits)
}
