/** The part of subset-font 2's API the build uses (the package ships no types). */
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** Each variation axis pinned to a value or limited to a range. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    /** Keep every glyph (then no text is given). */
    keepAllGlyphs?: boolean;
  }

  export default function subsetFont(
    font: Uint8Array,
    text: string | undefined,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}
