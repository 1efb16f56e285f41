import { sql, type Kysely } from 'kysely'
import { numberStemOf, STEM_INDEXES } from './number-stems'

const BATCH = 1_000

/**
 * Adds the stem column and its index to both tables of numbered documents, with the stems of
 * the rows already stored, a thousand rows per statement: the same steps on every database.
 * A migration runs in one transaction, so the batches bound memory, not how long the tables
 * are locked. The stem is written by the repositories with the folded number from then on; the
 * column's default only lets it be added to a table that holds rows.
 */
export async function addNumberStems(db: Kysely<any>): Promise<void> {
  for (const [table, { index, columns }] of Object.entries(STEM_INDEXES)) {
    await db.schema.alterTable(table).addColumn('number_stem', 'text', (column) => column.notNull().defaultTo('')).execute()
    for (let after = ''; ;) {
      const rows: { id: string; search_number: string }[] = await db.selectFrom(table).select(['id', 'search_number'])
        .where('id', '>', after).orderBy('id').limit(BATCH).execute()
      const stemmed = rows.map(({ id, search_number }) => ({ id, stem: numberStemOf(search_number) })).filter(({ stem }) => stem !== '')
      // A table of the batch's ids and stems joined in one update (its columns are `column1`, `column2` on both databases).
      if (stemmed.length > 0) {
        await sql`update ${sql.table(table)} set number_stem = stems.column2
          from (values ${sql.join(stemmed.map(({ id, stem }) => sql`(${id}, ${stem})`))}) as stems
          where ${sql.ref(`${table}.id`)} = stems.column1`.execute(db)
      }
      if (rows.length < BATCH) break
      after = rows.at(-1)!.id
    }
    await db.schema.createIndex(index).on(table).columns([...columns]).execute()
  }
}
