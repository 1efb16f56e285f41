import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { bmdExportScenario } from '@invoicing/core/testing'

/**
 * The BMD file of the scenario (every tax case, a credit note, a cancellation, awkward names),
 * compared byte for byte with a file checked by hand. It lives here because the core package
 * reads no files; the parse-back oracle runs next to the writer in packages/core.
 */
const GOLDEN = new URL('./testdata/BMD_Buchungen_20251201_20260731.csv', import.meta.url)

describe('BMD export golden file', () => {
  it('writes the golden file: every tax case, a credit note, a cancellation, names with umlauts, ; and "', async () => {
    const { exportOf, documents, creditNote, cancellationCreditNote } = await bmdExportScenario()
    const file = await exportOf()
    /*
     * Checked by hand against the layout of "BMD NTCS Import Buchungen" (15 columns) before it
     * was committed; the file is Windows-1252 bytes (ä = E4, ö = F6, ü = FC, ß = DF, no BOM):
     * - line 1 the 15 names satzart;konto;gkonto;belegnr;belegdatum;buchdatum;buchsymbol;buchcode;
     *   prozent;steuercode;betrag;steuer;text;extbelegnr;zziel, CRLF after every line, the last too;
     * - one row per tax group, by issueDate, number, rate descending (RE-2025-00001: 20, 13, 10, 0);
     * - satzart 0, buchcode 1, buchsymbol AR, belegdatum = buchdatum = issueDate as DD.MM.YYYY;
     * - konto 201234 (the bakery's ledgerAccount), 200000 (bmd.defaultDebtorAccount) for the others;
     * - gkonto and steuercode the configured pair of each case (20 % 4000/1, 13 and 10 % 4010/2,
     *   0 % in 2025 4020/3, 4.9 % in July 2026 4030/4, OSS 4100/5 at the German 19 %,
     *   intra-community 4110/7, reverse charge EU 4120/17, 13b 4130/27, export 4140/77,
     *   third country 4150/8, small business 4160/9, other exemption 4170/10, internal supply 4180/11);
     * - belegnr the digits of the number (RE-2026-00002 → 202600002), extbelegnr the number;
     * - betrag gross with a decimal comma and two decimals (120,00 = 100 + 20 %), steuer the tax
     *   with the opposite sign (-20,00), 0,00 for exempt groups;
     * - the credit note GS-2026-00001 and the cancellation GS-2026-00002 with negative betrag and
     *   positive steuer, zziel empty; invoices have zziel = dueDate − issueDate (10, the bakery's
     *   payment term; 14, the company's default); the cancelled RE-2026-00011 stays in its period;
     * - with DIGITS_ONLY, RE-2026-00001 and GS-2026-00001 both give belegnr 202600001: BMD tells
     *   them apart only by a separate buchsymbol for credit notes (see the override test), and
     *   the export warns of both (document_number_collision);
     * - `Bäckerei Müller; Söhne …` and `Bau ""Ost"" GmbH …` quoted (they hold ; and "), no other
     *   field quoted; the CRLF in `Kunde AG\r\nEinkauf` written as one space; `Ł` written as
     *   `?`; the Swiss name shortened so that text is 60 characters and still ends with the whole
     *   number;
     * - Σ betrag 2 588,39 = Σ gross of the 14 documents (summed by hand).
     */
    const golden = new Uint8Array(readFileSync(GOLDEN))
    assert.equal(Buffer.from(file.content).toString('latin1'), Buffer.from(golden).toString('latin1'))
    assert.deepEqual(file.content, golden)
    assert.equal(file.fileName, 'BMD_Buchungen_20251201_20260731.csv')
    assert.equal(file.contentType, 'text/csv; charset=windows-1252')
    assert.deepEqual(file.summary, {
      rows: 19, documents: 14, skipped: [],
      warnings: [
        { code: 'characters_replaced', message: 'text: characters Windows-1252 cannot write were replaced by ?', documentId: documents.oss.id, documentNumber: 'RE-2026-00001', field: 'text' },
        { code: 'text_truncated', message: 'text: shortened to 60 characters', documentId: documents.exportDelivery.id, documentNumber: 'RE-2026-00005', field: 'text' },
        { code: 'text_truncated', message: 'text: shortened to 60 characters', documentId: documents.thirdCountry.id, documentNumber: 'RE-2026-00006', field: 'text' },
        ...([[creditNote, 'GS-2026-00001', 'RE-2026-00001', '202600001'], [cancellationCreditNote, 'GS-2026-00002', 'RE-2026-00002', '202600002']] as const).map(([document, number, earlier, belegnr]) => ({
          code: 'document_number_collision',
          message: `belegnr ${belegnr} (AR) of ${number} is that of ${earlier} too: give credit notes their own posting symbol, or write numbers as they are (AS_IS)`,
          documentId: document.id, documentNumber: number, field: 'belegnr',
        })),
      ],
    })
  })
})
