// Import boundaries, checked by `npm run lint:boundaries` (part of `npm test`).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-framework-free',
      comment:
        'packages/core holds the rules behind ports: no web framework, no SQL, no file system, no adapter package. ' +
        'Adapters live in their own packages and are handed to createInvoicing.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: {
        path: [
          '^(koa|koa-body|@koa/.+|kysely|better-sqlite3|nodemailer|pdf-lib)$',
          '^(node:)?(fs|fs/promises|child_process|http|https|net)$',
          '^node_modules/(koa|koa-body|@koa|kysely|better-sqlite3|nodemailer|pdf-lib)/',
          '^node_modules/@invoicing/(?!core/)',
          '^packages/(?!core/)',
          '^@invoicing/(?!core$)',
        ],
      },
    },
    {
      name: 'feature-public-index',
      comment:
        'A feature folder of core reaches another feature through its index.ts, never its files. ' +
        'shared/ and ports/ are open to all; tests may reach inside to set up state.',
      severity: 'error',
      from: { path: '^packages/core/src/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^packages/core/src/[^/]+/',
        pathNot: ['^packages/core/src/($1|shared|ports)/', '^packages/core/src/[^/]+/index\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^packages/[^/]+/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['@invoicing/source', 'import', 'require', 'node', 'default'] },
  },
}
