/**
 * A small sRGB ICC profile (version 2.1, display class, matrix/TRC), written by this code
 * rather than copied from a file, so there is no licence to carry: the colorants are the
 * published sRGB primaries (IEC 61966-2-1) adapted to D50 with the Bradford transform, and
 * the tone curve is the sRGB transfer function sampled at 1024 points. PDF/A uses it as the
 * output intent for the DeviceRGB colours the renderer draws with.
 */

/** The profile's description; also the output condition identifier of the output intent. */
export const SRGB_PROFILE_NAME = 'sRGB IEC61966-2.1'

let cached: Uint8Array | undefined

export function srgbIccProfile(): Uint8Array {
  cached ??= buildProfile()
  return cached
}

const D50 = [0.9642, 1.0, 0.8249] as const
// sRGB primaries, Bradford-adapted from D65 to D50 (the columns of the RGB → XYZ matrix).
const RED = [0.436066, 0.222488, 0.013916] as const
const GREEN = [0.385147, 0.716873, 0.097076] as const
const BLUE = [0.143066, 0.060608, 0.714096] as const
const CURVE_POINTS = 1024

function buildProfile(): Uint8Array {
  const tags: [string, Uint8Array][] = [
    ['desc', descriptionTag(SRGB_PROFILE_NAME)],
    ['cprt', textTag('No copyright, use freely')],
    ['wtpt', xyzTag(D50)],
    ['rXYZ', xyzTag(RED)],
    ['gXYZ', xyzTag(GREEN)],
    ['bXYZ', xyzTag(BLUE)],
    ['rTRC', curveTag()],
    ['gTRC', curveTag()],
    ['bTRC', curveTag()],
  ]
  const tableSize = 4 + tags.length * 12
  let offset = 128 + tableSize
  const placed = tags.map(([signature, data]) => {
    const at = offset
    offset += pad4(data.length)
    return { signature, data, at }
  })
  const size = offset
  const bytes = new Uint8Array(size)
  const view = new DataView(bytes.buffer)
  // Header (ICC.1:2001-04, section 6.1).
  view.setUint32(0, size)
  view.setUint32(8, 0x02100000) // version 2.1.0
  ascii(bytes, 12, 'mntr')
  ascii(bytes, 16, 'RGB ')
  ascii(bytes, 20, 'XYZ ')
  ;[2026, 1, 1, 0, 0, 0].forEach((value, index) => view.setUint16(24 + index * 2, value))
  ascii(bytes, 36, 'acsp')
  view.setUint32(64, 0) // rendering intent: perceptual
  D50.forEach((value, index) => view.setInt32(68 + index * 4, s15Fixed16(value)))
  // Tag table.
  view.setUint32(128, placed.length)
  placed.forEach(({ signature, data, at }, index) => {
    ascii(bytes, 132 + index * 12, signature)
    view.setUint32(136 + index * 12, at)
    view.setUint32(140 + index * 12, data.length)
    bytes.set(data, at)
  })
  return bytes
}

function descriptionTag(text: string): Uint8Array {
  // textDescriptionType: ASCII part, empty Unicode part, empty ScriptCode part (67 bytes).
  const bytes = new Uint8Array(12 + text.length + 1 + 8 + 3 + 67)
  const view = new DataView(bytes.buffer)
  ascii(bytes, 0, 'desc')
  view.setUint32(8, text.length + 1)
  ascii(bytes, 12, text)
  return bytes
}

function textTag(text: string): Uint8Array {
  const bytes = new Uint8Array(8 + text.length + 1)
  ascii(bytes, 0, 'text')
  ascii(bytes, 8, text)
  return bytes
}

function xyzTag(xyz: readonly [number, number, number]): Uint8Array {
  const bytes = new Uint8Array(20)
  const view = new DataView(bytes.buffer)
  ascii(bytes, 0, 'XYZ ')
  xyz.forEach((value, index) => view.setInt32(8 + index * 4, s15Fixed16(value)))
  return bytes
}

function curveTag(): Uint8Array {
  const bytes = new Uint8Array(12 + CURVE_POINTS * 2)
  const view = new DataView(bytes.buffer)
  ascii(bytes, 0, 'curv')
  view.setUint32(8, CURVE_POINTS)
  for (let index = 0; index < CURVE_POINTS; index++) {
    const encoded = index / (CURVE_POINTS - 1)
    const linear = encoded <= 0.04045 ? encoded / 12.92 : ((encoded + 0.055) / 1.055) ** 2.4
    view.setUint16(12 + index * 2, Math.round(linear * 65535))
  }
  return bytes
}

const pad4 = (length: number) => (length + 3) & ~3
const s15Fixed16 = (value: number) => Math.round(value * 65536)

function ascii(bytes: Uint8Array, at: number, text: string): void {
  for (let index = 0; index < text.length; index++) bytes[at + index] = text.charCodeAt(index)
}
