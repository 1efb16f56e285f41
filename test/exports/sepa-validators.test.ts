import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { validateXML } from 'xmllint-wasm'
import { sepaScenarios, type SepaScenarioFile } from '@invoicing/core/testing'

/**
 * Every direct-debit file of the scenarios (both pain versions, every scheme and sequence type,
 * with and without transliteration) must pass `validate-sepa` in `../shared/validators` beside
 * the repository (the ISO 20022 XSD via xmllint and the EPC checks), and the same XSD in
 * process with xmllint-wasm. A user's clone has no such folder: the tests are skipped, saying
 * so; with INVOICING_REQUIRE_VALIDATORS=1 (CI) they fail instead. INVOICING_VALIDATORS_DIR points
 * to the validators folder when it lives elsewhere.
 */
const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')
const VALIDATORS = resolve(process.env.INVOICING_VALIDATORS_DIR ?? resolve(REPO_ROOT, '../shared/validators'))
const VALIDATOR = join(VALIDATORS, 'validate-sepa')
const xsdOf = (painVersion: string) => join(VALIDATORS, 'data', 'sepa-pain008', `${painVersion}.xsd`)
const available = existsSync(VALIDATOR)
const required = process.env.INVOICING_REQUIRE_VALIDATORS === '1'
const skip = available || required ? false : `SEPA validators not found at ${VALIDATOR} (set INVOICING_REQUIRE_VALIDATORS=1 to fail instead)`

interface Issue { severity: string; rule?: string; id?: string; text: string; location?: string }
interface FileReport { file: string; ok: boolean; errors: number; warnings: number; stages: { type: string; name: string; issues: Issue[] }[] }

const painVersionOf = (xml: string) => /xmlns="urn:iso:std:iso:20022:tech:xsd:(pain\.008\.001\.0[28])"/.exec(xml)![1]!

/** The XSD errors of xmllint-wasm (no network, no files: the schema is handed over as text). */
async function xsdErrors(xml: string): Promise<string[]> {
  const painVersion = painVersionOf(xml)
  const result = await validateXML({
    xml: { fileName: 'file.xml', contents: xml },
    schema: { fileName: `${painVersion}.xsd`, contents: readFileSync(xsdOf(painVersion), 'utf8') },
  })
  return result.errors.map((error) => error.rawMessage)
}

/** Runs validate-sepa once over all files (one JVM) and reads its JSON report per file name. */
function validateSepa(files: readonly string[]): Map<string, FileReport> {
  const run = spawnSync(VALIDATOR, ['--json', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  try {
    const parsed = JSON.parse(run.stdout) as { reports: FileReport[] }
    return new Map(parsed.reports.map((report) => [basename(report.file, '.xml'), report]))
  } catch {
    throw new Error(`validate-sepa exited ${run.status} without a JSON report: ${run.error?.message ?? ''}\n${run.stderr}\n${run.stdout.slice(0, 2000)}`)
  }
}

const problemsOf = (report: FileReport, severity: string) => report.stages.flatMap((stage) => stage.issues
  .filter((issue) => issue.severity === severity)
  .map((issue) => `  ${issue.rule ?? issue.id} [${stage.name}]: ${issue.text} at ${issue.location ?? '?'}`))

describe('SEPA direct-debit files pass validate-sepa and the ISO 20022 XSD', () => {
  let directory: string
  let scenarios: SepaScenarioFile[] = []
  let reports = new Map<string, FileReport>()

  before(async () => {
    if (skip) return
    assert.ok(available, `SEPA validators not found at ${VALIDATOR}, and INVOICING_REQUIRE_VALIDATORS=1 requires them`)
    scenarios = await sepaScenarios()
    directory = mkdtempSync(join(tmpdir(), 'sepa-'))
    const paths = scenarios.map((scenario) => join(directory, `${scenario.name}.xml`))
    scenarios.forEach((scenario, index) => writeFileSync(paths[index]!, scenario.xml))
    // A deliberately broken copy: the oracle must see a wrong control sum.
    const broken = scenarios[1]!.xml.replace(/<CtrlSum>([\d.]+)<\/CtrlSum>/, '<CtrlSum>1.00</CtrlSum>')
    writeFileSync(join(directory, 'broken-ctrlsum.xml'), broken)
    reports = validateSepa([...paths, join(directory, 'broken-ctrlsum.xml')])
  })

  after(() => {
    // A failing file stays for a look; the assertion message names it.
    if (directory && [...reports.entries()].every(([name, report]) => name === 'broken-ctrlsum' || report.ok)) rmSync(directory, { recursive: true, force: true })
  })

  it('covers both pain versions and every scheme and sequence type', { skip }, () => {
    const versions = new Set(scenarios.map((scenario) => painVersionOf(scenario.xml)))
    assert.deepEqual([...versions].sort(), ['pain.008.001.02', 'pain.008.001.08'])
    for (const version of versions) {
      const blocks = new Set(scenarios.filter((scenario) => painVersionOf(scenario.xml) === version).flatMap((scenario) =>
        (scenario.exported.summary.paymentInformations as { localInstrument: string; sequenceType: string }[]).map((block) => `${block.localInstrument}/${block.sequenceType}`)))
      assert.deepEqual([...blocks].sort(), ['B2B/FRST', 'B2B/OOFF', 'B2B/RCUR', 'CORE/FRST', 'CORE/OOFF', 'CORE/RCUR'], version)
    }
  })

  it('every file passes validate-sepa (XSD and EPC checks); transliterated files without a character-set warning', { skip }, () => {
    for (const scenario of scenarios) {
      const report = reports.get(scenario.name)
      assert.ok(report, `no report for ${scenario.name}`)
      const errors = problemsOf(report, 'error')
      assert.ok(report.ok && errors.length === 0, `${scenario.name} FAILS validate-sepa (${directory}/${scenario.name}.xml):\n${errors.join('\n')}`)
      if (!scenario.name.endsWith('-utf8-1') && !scenario.name.endsWith('-utf8-2')) {
        assert.deepEqual(problemsOf(report, 'warning'), [], scenario.name)
      }
    }
  })

  it('sees a broken control sum (the oracle is not blind)', { skip }, () => {
    const report = reports.get('broken-ctrlsum')!
    assert.equal(report.ok, false)
    assert.ok(report.stages.some((stage) => stage.issues.some((issue) => /CTRLSUM/.test(`${issue.rule ?? ''}${issue.id ?? ''}`))), JSON.stringify(report.stages))
  })

  it('every file is valid against its XSD in process (xmllint-wasm), and a file missing PmtMtd is not', { skip }, async () => {
    for (const scenario of scenarios) assert.deepEqual(await xsdErrors(scenario.xml), [], scenario.name)
    const broken = await xsdErrors(scenarios[0]!.xml.replace(/<PmtMtd>DD<\/PmtMtd>/, ''))
    assert.ok(broken.some((error) => /PmtMtd/.test(error)), broken.join('\n'))
  })
})
