import type { Plugin } from 'vite';

/** The comment that points a script at its source map, on the chunk's last line. */
const SOURCE_MAPPING_URL = /\n?\/\/# sourceMappingURL=\S*\s*$/;

/**
 * A chunk built from JSON alone (another language's message catalog) gets a source map that
 * lists no sources: there is nothing to map, and the source map parsers of Chromium's DevTools
 * and Lighthouse fail on it (Lighthouse printed a stack trace per such file in every audit of a
 * page that loads one). Such chunks go without a map and without the comment pointing at it.
 */
export function sourcelessMapsPlugin(): Plugin {
  return {
    name: 'tutorly:sourceless-maps',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.map || output.map.sources.length > 0) continue;
          delete bundle[`${output.fileName}.map`];
          output.code = `${output.code.replace(SOURCE_MAPPING_URL, '')}\n`;
          output.map = null;
        }
      },
    },
  };
}
