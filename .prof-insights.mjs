// throwaway: CPU profile of /insights' load, self time per function inside each long task
import { chromium } from 'playwright';
const base = 'http://127.0.0.1:3999';
const page_ = process.argv[2] ?? '/insights';
const r = await fetch(`${base}/api/login`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@vitality.local', password: process.env.DEMO_PW }) });
const cookies = r.headers.getSetCookie().map((l) => { const [nv] = l.split(';'); const i = nv.indexOf('='); return { name: nv.slice(0, i), value: nv.slice(i + 1), url: base }; });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1350, height: 940 } });
await ctx.addCookies(cookies);
await ctx.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true }); });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(base + page_, { waitUntil: 'load' });
await page.waitForLoadState('networkidle');
await page.waitForTimeout(2500);
const { profile } = await cdp.send('Profiler.stop');
const lt = await page.evaluate(() => window.__lt);
const origin = await page.evaluate(() => performance.timeOrigin);
console.log('long tasks (start ms, dur ms):', lt.map(([s, d]) => `${s.toFixed(0)}+${d.toFixed(0)}`).join('  '));
// samples -> times
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = profile.startTime; const times = profile.timeDeltas.map((d) => (t += d));
// profile times are in µs of monotonic clock; map to performance.now via first navigation? use relative: find offset by assuming profile clock ~ timeOrigin-based monotonic: use offset = profile.startTime/1000 - ??? 
// Use the clock: Chromium's Profiler uses TimeTicks µs; performance.timeOrigin is wall. So align by long tasks: report per task using the sample density.
const samples = profile.samples.map((id, i) => [times[i] / 1000, id]);
const t0 = samples[0][0];
// group samples into busy bursts (gaps > 5ms split) and report the biggest bursts
const bursts = []; let cur = null;
for (const [ts, id] of samples) { const n = nodes.get(id); const idle = ['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName) && n.callFrame.functionName === '(idle)'; if (idle) { if (cur && ts - cur.end > 5) { bursts.push(cur); cur = null; } continue; } if (!cur || ts - cur.end > 5) { if (cur) bursts.push(cur); cur = { start: ts, end: ts, ids: [] }; } cur.end = ts; cur.ids.push(id); }
if (cur) bursts.push(cur);
const top = bursts.filter((b) => b.end - b.start > Number(process.env.MINB ?? 40)).sort((a, b) => a.start - b.start);
import fs from 'node:fs';
const srcCache = new Map();
const snippet = (url, col) => { const f = url.split('/_next/')[1]; if (!f) return ''; const file = '.next/' + decodeURIComponent(f); if (!srcCache.has(file)) { try { srcCache.set(file, fs.readFileSync(file, 'utf8')); } catch { srcCache.set(file, ''); } } return srcCache.get(file).slice(col, col + 90).replace(/\s+/g, ' '); };
const label = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.columnNumber}  ⟨${snippet(n.callFrame.url, n.callFrame.columnNumber)}⟩`;
for (const b of top) {
  console.log(`\n=== burst at ${(b.start - t0).toFixed(0)} ms, ${(b.end - b.start).toFixed(0)} ms, ${b.ids.length} samples`);
  const self = new Map(); const incl = new Map();
  for (const id of b.ids) { const n = nodes.get(id); self.set(label(n), (self.get(label(n)) ?? 0) + 1); const seen = new Set(); let p = id; while (p) { const l = label(nodes.get(p)); if (!seen.has(l)) { seen.add(l); incl.set(l, (incl.get(l) ?? 0) + 1); } p = parent.get(p); } }
  const ms = (c) => ((c * (b.end - b.start)) / b.ids.length).toFixed(1);
  console.log(' self:', [...self].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, c]) => `${ms(c)} ${k}`).join('\n       '));
  console.log(' incl:', [...incl].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, c]) => `${ms(c)} ${k}`).join('\n       '));
}
await browser.close();
