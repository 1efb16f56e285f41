// @ts-check
// The report of bench/scale.mjs: its targets, a Markdown table and an SVG chart of p99
// latency against corpus size (hand-written: a dozen lines and two log axes need no library).

/** @typedef {{ name: string, note?: string, reference: boolean, p50: number, p99: number, ratioP50: number, ratioP99: number, requests: number, failed: number, wrong?: string }} Row */
/** @typedef {{ size: number, invoices: number, quotes: number, databaseInvoices: number, seedSeconds: number, rows: Row[] }} SizeResult */
/** @typedef {{ met: boolean | undefined, text: string }} Outcome */

/** @param {number} size */
const label = (size) => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`)
/** @param {number} ms */
const ms = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1))

/**
 * Whether every row `pick` selects at a size `at` accepts is under `limit` ms at p99 with every
 * answer right; undefined when no such size was measured.
 * @param {SizeResult[]} results @param {(size: number) => boolean} at @param {(row: Row) => boolean} pick @param {number} limit
 * @returns {Outcome}
 */
function underAt(results, at, pick, limit) {
  const rows = results.filter((r) => at(r.size)).flatMap((r) => r.rows.filter(pick).map((row) => ({ ...row, size: r.size })))
  if (rows.length === 0) return { met: undefined, text: 'not measured (size not run)' }
  const missed = rows.filter((row) => !(row.p99 < limit) || row.failed > 0 || row.wrong)
  if (missed.length === 0) return { met: true, text: `met (worst p99 ${ms(Math.max(...rows.map((row) => row.p99)))} ms)` }
  return {
    met: false,
    text: `MISSED: ${missed.map((row) => `${row.name} at ${label(row.size)} ${row.wrong ? 'answered wrong' : row.failed ? 'failed' : `${ms(row.p99)} ms`}`).join('; ')}`,
  }
}

export const TARGETS = [
  {
    name: 'search p99 < 20 ms at 1M (100k in the company)',
    /** @param {SizeResult[]} results */
    check: (results) => underAt(results, (size) => size >= 1_000_000, (row) => row.name.includes('?search='), 20),
  },
  {
    name: 'GET /invoices?offset=90000 p99 < 50 ms',
    /** @param {SizeResult[]} results */
    check: (results) => underAt(results, (size) => size >= 100_000, (row) => row.name === 'GET /invoices?offset=90000', 50),
  },
  {
    name: 'GET /invoices page 1 p99 < 20 ms at 1M',
    /** @param {SizeResult[]} results */
    check: (results) => underAt(results, (size) => size >= 1_000_000, (row) => row.name === 'GET /invoices page 1', 20),
  },
]

/**
 * @param {SizeResult[]} results @param {{ name: string, outcome: Outcome }[]} targets
 * @param {{ date: string, seconds: number, rounds: number, placement: string }} meta
 */
export function markdownReport(results, targets, meta) {
  const sizes = results.map((r) => label(r.size))
  const lines = [
    '# Speed at scale',
    '',
    `Written by \`node bench/scale.mjs\` (a phase of \`npm run bench\`) on ${meta.date} UTC: latency on one connection, one request at a time;`,
    `${meta.rounds} interleaved rounds of ${meta.seconds} s per case, medians of the rounds' p50 and p99; ${meta.placement}.`,
    '"× ref" is the case\'s p50 / p99 over the reference row\'s (bare Koa + one SQLite point read) in the same round, median of the rounds.',
    '',
    `| case | ${sizes.map((s) => `${s} p50 / p99 ms | ${s} × ref`).join(' | ')} |`,
    `|---|${sizes.map(() => '---|---|').join('')}`,
  ]
  /** @type {string[]} */
  const notes = []
  for (const [index, first] of (results[0]?.rows ?? []).entries()) {
    const cells = results.map((r) => {
      const row = /** @type {Row} */ (r.rows[index])
      const flag = row.wrong ? ` **wrong answer: ${row.wrong}**` : row.failed ? ` **${row.failed} failed**` : ''
      const noteText = row.note ? `${row.name}: ${row.note}` : undefined
      if (noteText && !notes.includes(noteText)) notes.push(noteText)
      const mark = noteText ? ` (${notes.indexOf(noteText) + 1})` : ''
      return `${ms(row.p50)} / ${ms(row.p99)}${mark}${flag} | ${row.reference && index > 0 ? '1' : `${row.ratioP50.toFixed(1)} / ${row.ratioP99.toFixed(1)}`}`
    })
    lines.push(`| ${first.name.replace(/\|/g, '\\|')} | ${cells.join(' | ')} |`)
  }
  if (notes.length > 0) lines.push('', ...notes.map((note, index) => `(${index + 1}) ${note}${index < notes.length - 1 ? '  ' : ''}`))
  lines.push('', 'Targets:', '', ...targets.map((t) => `- ${t.name}: ${t.outcome.text}`), '', 'Corpus:', '')
  for (const r of results) {
    lines.push(`- ${label(r.size)}: ${r.invoices.toLocaleString('en')} invoices and ${r.quotes.toLocaleString('en')} quotes in the measured company, ${r.databaseInvoices.toLocaleString('en')} invoices in the database (seeded in ${r.seedSeconds.toFixed(0)} s)`)
  }
  lines.push(
    '',
    'The measured company has 51 customers: `Ärztehaus Übersee`, `Kunde 0 Müller` … `Kunde 48 Müller` and `Kunde "Stern" Sonder* NEAR(100%_) Müller`',
    '(which the searches with `"`, `*`, `NEAR` and `%_` must find, literally); each other company has 10,000 invoices of 49 customers named alike.',
    'Searches: number `RE-2024-004321`, customer name `kunde 7 müller`, 1 character `Ü`, 2 characters `42`, a year\'s numbers `re-2024` (the invoices of 2024,',
    'about a third, are the oldest: the last in the list\'s order), 1,000 characters (`Müller Kunde …`, no match),',
    '`%_`, `"stern"`, `sonder*`, `NEAR(100`; customers `müller`; quotes `AN-2024-004321` and `kunde 7 müller`.',
    'Before each size\'s rounds every answer\'s total and page length is compared with a brute-force count of the database, and every measured answer',
    'must have the expected status: 200, or 400 `validation_failed` for a search longer than the maximum the OpenAPI document gives.',
    '',
  )
  return lines.join('\n')
}

// Tableau 10 and six more, so sixteen lines stay apart.
const COLORS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac',
  '#17becf', '#7570b3', '#e7298a', '#bcbd22', '#393b79', '#222222']

/** p99 against corpus size, both axes logarithmic, one line per case, the targets dashed. @param {SizeResult[]} results */
export function latencyChart(results) {
  const width = 980, height = 520, left = 70, top = 40, plotWidth = 520, plotHeight = 420
  const values = results.flatMap((r) => r.rows.map((row) => row.p99)).filter((v) => v > 0)
  const low = 10 ** Math.floor(Math.log10(Math.min(...values, 1)))
  const high = 10 ** Math.ceil(Math.log10(Math.max(...values, 50)))
  const sizes = results.map((r) => r.size)
  const [minSize, maxSize] = [Math.min(...sizes, 10_000), Math.max(...sizes, 1_000_000)]
  const x = (/** @type {number} */ size) => left + (Math.log10(size / minSize) / Math.log10(maxSize / minSize || 10)) * plotWidth
  const y = (/** @type {number} */ v) => top + plotHeight - (Math.log10(v / low) / Math.log10(high / low)) * plotHeight
  const escape = (/** @type {string} */ text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="22" font-size="15" font-weight="bold">p99 latency (one connection) against invoices in the database</text>`,
  ]
  for (let decade = low; decade <= high; decade *= 10) {
    parts.push(`<line x1="${left}" x2="${left + plotWidth}" y1="${y(decade)}" y2="${y(decade)}" stroke="#ddd"/>`,
      `<text x="${left - 8}" y="${y(decade) + 4}" text-anchor="end">${decade >= 1 ? decade : decade.toFixed(-Math.log10(decade))} ms</text>`)
  }
  for (const size of [10_000, 100_000, 1_000_000].filter((s) => s >= minSize && s <= maxSize)) {
    parts.push(`<line x1="${x(size)}" x2="${x(size)}" y1="${top}" y2="${top + plotHeight}" stroke="#ddd"/>`,
      `<text x="${x(size)}" y="${top + plotHeight + 18}" text-anchor="middle">${label(size)}</text>`)
  }
  parts.push(`<text x="${left + plotWidth / 2}" y="${top + plotHeight + 38}" text-anchor="middle">invoices in the database (log scale; the measured company holds up to 100k)</text>`)
  for (const [limit, name] of /** @type {const} */ ([[20, 'target 20 ms (search, page 1)'], [50, 'target 50 ms (offset=90000)']])) {
    parts.push(`<line x1="${left}" x2="${left + plotWidth}" y1="${y(limit)}" y2="${y(limit)}" stroke="#c00" stroke-dasharray="6 4"/>`,
      `<text x="${left + plotWidth - 4}" y="${y(limit) - 4}" text-anchor="end" fill="#c00">${name}</text>`)
  }
  parts.push(`<rect x="${left}" y="${top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#888"/>`)
  for (const [index, first] of (results[0]?.rows ?? []).entries()) {
    const color = COLORS[index % COLORS.length]
    const points = results.map((r) => [x(r.size), y(Math.max(low, /** @type {Row} */ (r.rows[index]).p99))])
    const dash = first.reference ? ' stroke-dasharray="2 3"' : ''
    parts.push(`<polyline points="${points.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${color}" stroke-width="2"${dash}/>`,
      ...points.map(([px, py]) => `<circle cx="${px}" cy="${py}" r="3" fill="${color}"/>`))
    const legendY = top + 8 + index * 22
    parts.push(`<line x1="${left + plotWidth + 20}" x2="${left + plotWidth + 44}" y1="${legendY}" y2="${legendY}" stroke="${color}" stroke-width="3"${dash}/>`,
      `<text x="${left + plotWidth + 50}" y="${legendY + 4}">${escape(first.name)}</text>`)
  }
  parts.push('</svg>', '')
  return parts.join('\n')
}
