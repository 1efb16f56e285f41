import { packageBuild } from '../../tsup.package'

export default packageBuild({
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  // The country names are JSON files of i18n-iso-countries. Node imports JSON only with
  // `with { type: 'json' }`, which the build does not keep; bundled, they need no import at all.
  noExternal: [/^i18n-iso-countries\/langs\//],
})
