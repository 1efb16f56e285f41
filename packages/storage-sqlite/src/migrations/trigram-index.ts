import { textIndexOf, type SearchColumn } from '@invoicing/storage-sql'
import { sql, type Kysely } from 'kysely'

/**
 * Indexes `table.column` (folded text) by trigrams in an FTS5 table that reads the text from the
 * table itself (external content), kept in step by triggers in the writing transaction, and fills
 * it from the rows there are. The text is folded already, so the tokenizer keeps case as it is.
 */
export async function addTrigramIndex(db: Kysely<unknown>, column: SearchColumn) {
  const [table, name] = column.split('.') as [string, string]
  const index = textIndexOf(column)
  const [fts, rows, text] = [sql.table(index), sql.table(table), sql.ref(name)]
  await sql`create virtual table ${fts} using fts5(${text}, content=${sql.lit(table)}, content_rowid='rowid', tokenize='trigram case_sensitive 1', columnsize=0)`.execute(db)
  await sql`create trigger ${sql.id(`${index}_insert`)} after insert on ${rows} begin
    insert into ${fts} (rowid, ${text}) values (new.rowid, new.${text});
  end`.execute(db)
  await sql`create trigger ${sql.id(`${index}_delete`)} after delete on ${rows} begin
    insert into ${fts} (${fts}, rowid, ${text}) values ('delete', old.rowid, old.${text});
  end`.execute(db)
  await sql`create trigger ${sql.id(`${index}_update`)} after update of ${text} on ${rows} when old.${text} is not new.${text} begin
    insert into ${fts} (${fts}, rowid, ${text}) values ('delete', old.rowid, old.${text});
    insert into ${fts} (rowid, ${text}) values (new.rowid, new.${text});
  end`.execute(db)
  await sql`insert into ${fts} (${fts}) values ('rebuild')`.execute(db)
}
