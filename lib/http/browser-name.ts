// A user agent reduced to what a member can recognise ("Safari on iPhone"): the family of browser and
// of system, never versions or anything finer, so the view log keeps no fingerprint of the viewer.

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export const UNKNOWN_BROWSER = 'An unrecognised browser';

/** "Firefox on Windows", "Safari on iPhone", "Chrome", or UNKNOWN_BROWSER. */
export function browserName(userAgent: string | null): string {
  const agent = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (!browser) return system ? `A browser on ${system}` : UNKNOWN_BROWSER;
  return system ? `${browser} on ${system}` : browser;
}
