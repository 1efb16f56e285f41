import { sql, type Kysely, type RawBuilder } from 'kysely'

/** The documents' table, and its column of the type every list of it is narrowed to or grouped by. */
export interface CountedDocuments {
  table: 'invoice' | 'order_document'
  typeColumn: 'invoice_type' | 'document_type'
}

/**
 * The parts of a folded number a short search can be: '' (every number), each character and each
 * pair of characters, once each. `substr` counts characters, as a search's needle does.
 */
const partsOf = (number: RawBuilder<unknown>) => sql`with recursive position(at) as (select 1 union all select at + 1 from position where at < length(${number}))
  select '' as part
  union select substr(${number}, at, 1) from position where at <= length(${number})
  union select substr(${number}, at, 2) from position where at < length(${number})`

/**
 * Keeps `<table>_count`: how many documents of each company and type have a number that holds each
 * part of one or two characters ('' for all of them), in step with the documents by triggers in the
 * writing transaction, and fills it from the documents there are. A list counts from it in a few
 * reads instead of reading every document of the company (a trigram index cannot find a needle
 * shorter than three characters).
 */
export async function addDocumentCounts(db: Kysely<unknown>, { table, typeColumn }: CountedDocuments) {
  const counts = `${table}_count`
  const [countTable, documents, type] = [sql.table(counts), sql.table(table), sql.ref(typeColumn)]
  await sql`create table ${countTable} (
    company_id text not null, number_part text not null, document_type text not null, documents integer not null,
    primary key (company_id, number_part, document_type)
  ) without rowid`.execute(db)
  const added = (row: 'new' | 'old', step: 1 | -1) => sql`insert into ${countTable} (company_id, number_part, document_type, documents)
    select ${sql.raw(row)}.company_id, part, ${sql.raw(row)}.${type}, ${sql.lit(step)} from (${partsOf(sql.raw(`${row}.search_number`))}) where true
    on conflict (company_id, number_part, document_type) do update set documents = documents + ${sql.lit(step)};`
  await sql`create trigger ${sql.id(`${counts}_insert`)} after insert on ${documents} begin ${added('new', 1)} end`.execute(db)
  await sql`create trigger ${sql.id(`${counts}_delete`)} after delete on ${documents} begin ${added('old', -1)} end`.execute(db)
  await sql`create trigger ${sql.id(`${counts}_update`)} after update of company_id, search_number, ${type} on ${documents}
    when old.company_id is not new.company_id or old.search_number is not new.search_number or old.${type} is not new.${type}
    begin ${added('old', -1)} ${added('new', 1)} end`.execute(db)
  const longest = sql`(select coalesce(max(length(search_number)), 0) from ${documents})`
  await sql`insert into ${countTable} (company_id, number_part, document_type, documents)
    with recursive position(at) as (select 1 union all select at + 1 from position where at < ${longest}),
    parts(document, company_id, document_type, part) as (
      select rowid, company_id, ${type}, '' from ${documents}
      union select d.rowid, d.company_id, d.${type}, substr(d.search_number, at, 1) from ${documents} d join position on at <= length(d.search_number)
      union select d.rowid, d.company_id, d.${type}, substr(d.search_number, at, 2) from ${documents} d join position on at < length(d.search_number))
    select company_id, part, document_type, count(*) from parts group by company_id, part, document_type`.execute(db)
}
