// The one rule for every string the app stores, and the stricter one for single-line fields (names, a
// city, an address line, a file name). lib/http/body.ts applies the first to every string of every body;
// the schemas and the upload routes apply the second to their single-line fields.

/**
 * Control characters (C0 but tab, line feed and carriage return, and DEL), and the bidirectional
 * embeddings, overrides and isolates that make a name read otherwise than it is (U+202E turns 'exe.txt' round).
 */
const UNSHOWABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/**
 * What has no place in one line: every line break (CR, LF, NEL, U+2028, U+2029), the tab, and the invisible
 * spaces that make two equal-looking names differ (zero-width space, word joiner, byte-order mark,
 * Mongolian vowel separator). The zero-width joiner and non-joiner stay: Persian and Indic names and emoji
 * need them.
 */
const NOT_ONE_LINE = /[\t\n\r\u0085\u2028\u2029\u200b\u2060\ufeff\u180e]/;

/** A text fit to store and show: none of UNSHOWABLE, and no lone surrogate (which UTF-8 cannot carry). */
export function isStorableText(value: string): boolean {
  return !UNSHOWABLE.test(value) && value.isWellFormed();
}

/** A storable text that is one line of visible characters. */
export function isSingleLineText(value: string): boolean {
  return isStorableText(value) && !NOT_ONE_LINE.test(value);
}

export const SINGLE_LINE_MESSAGE = 'Please keep this to one line of ordinary text.';
