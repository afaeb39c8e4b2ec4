// subset-font 2.9 ships no types (its @types package describes an older version): the call used here.
declare module 'subset-font' {
  type Options = { targetFormat?: 'sfnt' | 'woff' | 'woff2'; preserveNameIds?: number[]; noLayoutClosure?: boolean };
  export default function subsetFont(font: Buffer, text: string, options?: Options): Promise<Buffer>;
}
