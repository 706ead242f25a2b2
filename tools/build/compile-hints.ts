import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136 on): a script whose first line is this comment has
 * every function compiled while it downloads, on a background thread, instead of each function
 * on the main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The parts of an output chunk and its source map file that the hint changes. */
interface HintedChunk {
  code: string;
  map?: { mappings: string } | null;
}

/**
 * Puts the hint on a chunk's first line and moves its source map down the one line added
 * (`;` is an empty first line in a map's mappings); `mapFile` is the map as written beside it.
 */
export function addCompileHint(chunk: HintedChunk, mapFile?: { source: string | Uint8Array }): void {
  if (chunk.code.startsWith(COMPILE_HINT)) return;
  chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  if (mapFile) {
    const map = JSON.parse(
      typeof mapFile.source === 'string' ? mapFile.source : new TextDecoder().decode(mapFile.source),
    ) as { mappings: string };
    map.mappings = `;${map.mappings}`;
    mapFile.source = JSON.stringify(map);
  }
}

/**
 * Marks every JavaScript chunk with the compile hint. Nearly every function of the chunks a page
 * loads runs while it opens (React's renderer, the router, the page itself), and compiling them
 * one by one as they were first called was about a quarter of the main thread's work before the
 * first paint (decision 0010). Chunks loaded later (a dialog, an admin page) are those a reader has just
 * asked for, so they too are compiled whole while they arrive. Done once the bundle is final:
 * the minifier would drop the comment, and Vite writes its preload helper on the first line.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'tutorly:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          const mapFile = bundle[`${output.fileName}.map`];
          addCompileHint(output, mapFile?.type === 'asset' ? mapFile : undefined);
        }
      },
    },
  };
}
