import { defineConfig, type Options } from 'tsup'

/** The build every package shares: ESM for Node 20, with type declarations and source maps. */
export const packageBuild = (options: Options & Required<Pick<Options, 'entry'>>) =>
  defineConfig({
    format: ['esm'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    // node:test exists only under its prefix; keep every node: import as written.
    removeNodeProtocol: false,
    ...options,
  })
