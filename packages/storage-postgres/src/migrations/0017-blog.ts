import { sql, type Kysely, type Migration } from 'kysely'
import { addSearchIndex } from './search-index'

/**
 * The platform's blog (no company column: it belongs to none): posts, their categories and
 * tags (`blog_post_category`, `blog_post_tag`, in the order given), categories, tags and media.
 * Each slug column is unique, so of two writers of one slug exactly one gets in.
 */
export const blog: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('blog_media')
      .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('alt_text', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('blog_media_list').on('blog_media').columns(['created_at', 'id']).execute()
    for (const table of ['blog_category', 'blog_tag'] as const) {
      let created = db.schema.createTable(table)
        .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
      if (table === 'blog_category') created = created.addColumn('description', 'text')
      await created.execute()
      await db.schema.createIndex(`${table}_list`).on(table).columns(['name', 'id']).execute()
    }
    await createPostTable(db)
    await createTermTable(db, 'blog_post_category', 'category_id', 'blog_category')
    await createTermTable(db, 'blog_post_tag', 'tag_id', 'blog_tag')
  },
}

async function createPostTable(db: Kysely<any>) {
  await db.schema.createTable('blog_post')
    .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    // The folded title, for search.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text')
    .addColumn('content', 'text')
    .addColumn('content_format', 'text', (c) => c.notNull())
    .addColumn('content_html', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    // A cover in use cannot be deleted: no cascade.
    .addColumn('cover_media_id', 'text', (c) => c.references('blog_media.id'))
    .addColumn('author_name', 'text')
    .addColumn('seo_title', 'text')
    .addColumn('seo_description', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'timestamptz')
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  // The list order: posts with publishedAt first, then by publishedAt or updatedAt, latest first.
  await db.schema.createIndex('blog_post_list').on('blog_post').expression(sqlListOrder).execute()
  // The scheduler reads SCHEDULED posts by publishAt.
  await db.schema.createIndex('blog_post_due').on('blog_post').columns(['status', 'publish_at']).execute()
  await db.schema.createIndex('blog_post_cover').on('blog_post').column('cover_media_id').execute()
  await addSearchIndex(db, 'blog_post', 'search_text')
}

// The ORDER BY of the list query, word for word, so the index serves it.
const sqlListOrder = sql`(published_at is null), coalesce(published_at, updated_at) desc, id desc`

/** A post's categories or tags: deleted with the post; a tag's rows go with the tag, a category in use is kept by the key. */
async function createTermTable(db: Kysely<any>, table: string, column: string, terms: string) {
  await db.schema.createTable(table)
    .addColumn('post_id', 'text', (c) => c.notNull().references('blog_post.id').onDelete('cascade'))
    .addColumn(column, 'text', (c) => {
      const referencing = c.notNull().references(`${terms}.id`)
      return terms === 'blog_tag' ? referencing.onDelete('cascade') : referencing
    })
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_key`, ['post_id', column])
    .execute()
  await db.schema.createIndex(`${table}_term`).on(table).columns([column, 'post_id']).execute()
}
