/**
 * A short, Spanish description of the device behind a User-Agent header ("Chrome en Android"),
 * shown in the customer's list of sessions so they can tell them apart. Only this label is
 * stored, never the raw header: it is enough to recognise a phone and says little more.
 * Null when neither the browser nor the system is recognisable.
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent.slice(0, 512);
  const browser = firstMatch(ua, BROWSERS);
  const system = firstMatch(ua, SYSTEMS);
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? null;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iPad may say "Mac".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(ua: string, table: [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(ua))?.[1];
}
