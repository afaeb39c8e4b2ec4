/**
 * `value` when it is a path on this site ("/onboarding_11?x=1"), otherwise `fallback`.
 * Used for `?origin=` back links, so a crafted link cannot send users to another site.
 */
export function sameSitePath(value: string | string[] | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  // "//host" and "/\host" are protocol-relative to browsers; control characters are stripped by URL parsers.
  if (value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    const base = 'http://same-site.invalid';
    return new URL(value, base).origin === base ? value : fallback;
  } catch {
    return fallback;
  }
}
