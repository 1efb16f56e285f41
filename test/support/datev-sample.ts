import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/*
 * The DATEV oracle nobody here wrote: DATEV's own sample Buchungsstapel ("Musterdaten
 * DATEV-Format"), kept in `../shared/validators/data/datev-extf/` beside the repository. It is
 * DATEV's copyright: read at test time, never copied into the repository. A clone without that
 * folder skips these tests, saying so; with INVOICING_REQUIRE_VALIDATORS=1 (CI) they fail
 * instead. INVOICING_VALIDATORS_DIR points to the validators folder when it lives elsewhere.
 */
const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')
const SAMPLE = resolve(process.env.INVOICING_VALIDATORS_DIR ?? resolve(REPO_ROOT, '../shared/validators'), 'data/datev-extf/EXTF_Buchungsstapel.csv')
const available = existsSync(SAMPLE)
const required = process.env.INVOICING_REQUIRE_VALIDATORS === '1'

/** `skip` of every test that reads the sample. */
export const datevSampleSkip = available || required ? false : `DATEV's sample file not found at ${SAMPLE} (set INVOICING_REQUIRE_VALIDATORS=1 to fail instead)`

/** The sample's bytes: published as UTF-8 without BOM; this copy has LF line ends. */
export function datevSample(): Uint8Array {
  assert.ok(available, `DATEV's sample file not found at ${SAMPLE}, and INVOICING_REQUIRE_VALIDATORS=1 requires it`)
  return readFileSync(SAMPLE)
}

/** How the sample is stored, for the checker. */
export const SAMPLE_STORAGE = { encoding: 'utf-8', lineEnd: 'LF' } as const

/** The sample's text (decoded from UTF-8). */
export const datevSampleText = (): string => new TextDecoder('utf-8', { fatal: true }).decode(datevSample())

/** The sample's lines, without the empty one after its last line end. */
export const datevSampleLines = (): string[] => datevSampleText().split('\n').slice(0, -1)

/**
 * Text as Windows-1252 bytes, for text whose characters are all in Latin-1 outside 0x80–0x9F
 * (where both code pages agree), as the sample's are.
 */
export function windows1252Of(text: string): Uint8Array {
  assert.ok(/^[\u0000-\u007f\u00a0-\u00ff]*$/.test(text), 'the text has characters outside the shared Latin-1 range')
  return new Uint8Array(Buffer.from(text, 'latin1'))
}

/** Windows-1252 bytes as text (the export's files). */
export const textOfWindows1252 = (bytes: Uint8Array): string => new TextDecoder('windows-1252').decode(bytes)
