// npm run bench:experiments [-- --members N] — how honest a member's own trial is (lib/experiments/analysis.ts,
// docs/experiments.md), over seeded simulated members whose truth is known (lib/experiments/simulate.ts).
//
// 1. Per ρ (0, 0.3, 0.5, 0.7), N members (1,000 unless told) of mixed designs: baseline and change 14–42
//    days, AB or ABA (return 14–42 days) in turn, up to 10 % of days missing, a flagged week and a
//    time-zone change each. For each: the false-alarm rate (helped or hurt with no true effect), the 90 %
//    interval's coverage of the true effect (with none, and with one), and how often a true effect of 1× and
//    2× the detectable size the member's null run reported is found (the same days, fresh noise).
// 2. The same for the smallest design, AB with 14 + 14 days and nothing missing.
// 3. Looking every day: the false-alarm rate when the verdict is read on each change day from the 14th to
//    the 28th and the first helped or hurt is believed, against reading it once at 28 days.
// 4. Speed: the time per analysis of 120-day ABA series (40 + 40 + 40 days, 5 % missing).
// Targets: false alarms ≤ 10 %, coverage 85–95 %, an effect of 2× the detectable size found ≥ 80 %, a 120-day
// analysis under 50 ms. A miss prints NO and still exits 0. Seeds from 20,000,000: none was used in tuning
// (700,000–16,800,000) or in the tests (below 100,000).
import os from 'node:os';
import { analyseExperiment, type Direction } from '@/lib/experiments/analysis';
import { simulateExperiment, type SimulationOptions } from '@/lib/experiments/simulate';
import { seededRandom } from '@/lib/seeded-random';
import { median, ms, percentile } from './stats';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const MEMBERS = option('--members', 1_000);
const RHOS = [0, 0.3, 0.5, 0.7];
const FIRST_SEED = 20_000_000;
const seedOf = (block: number, k: number) => FIRST_SEED + block * 100_000 + k;
const percent = (count: number, of: number) => `${((100 * count) / of).toFixed(1)} %`;

type Member = { design: Omit<SimulationOptions, 'effect'>; direction: Direction };

/** Mixed designs as the tests draw them, at one ρ. */
function mixed(block: number, rho: number): Member[] {
  const draw = seededRandom(seedOf(block, 99_999));
  const between = (low: number, high: number) => low + Math.floor(draw() * (high - low + 1));
  return Array.from({ length: MEMBERS }, (_, k) => ({
    design: {
      seed: seedOf(block, k),
      baselineDays: between(14, 42),
      changeDays: between(14, 42),
      returnDays: k % 2 === 1 ? between(14, 42) : 0,
      rho,
      innovationSd: 2 + draw() * 8,
      missingProbability: draw() * 0.1,
      flaggedWeek: true,
      timeZone: draw() < 0.5 ? 'skip' : 'repeat',
    },
    direction: draw() < 0.5 ? 'higher' : 'lower',
  }));
}

/** The smallest design a verdict is given for: AB, 14 + 14 days, none missing. */
function smallest(block: number, rho: number): Member[] {
  return Array.from({ length: MEMBERS }, (_, k) => ({ design: { seed: seedOf(block, k), baselineDays: 14, changeDays: 14, rho }, direction: k % 2 === 0 ? 'higher' : 'lower' }));
}

type Row = { rho: number; analysed: number; alarms: number; nullCovered: number; effectCovered: number; found1: number; found2: number; detectableInSd: number[] };

function calibrate(rho: number, members: Member[]): Row {
  const row: Row = { rho, analysed: 0, alarms: 0, nullCovered: 0, effectCovered: 0, found1: 0, found2: 0, detectableInSd: [] };
  for (const { design, direction } of members) {
    const options = { direction, plannedChangeDays: 28 };
    const none = analyseExperiment(simulateExperiment({ ...design, effect: 0 }), options);
    if (none.verdict === 'too-little-data') continue;
    row.analysed += 1;
    if (none.verdict !== 'no-change') row.alarms += 1;
    if (none.interval![0] <= 0 && none.interval![1] >= 0) row.nullCovered += 1;
    row.detectableInSd.push(none.detectable! / ((design.innovationSd ?? 5) / Math.sqrt(1 - rho * rho)));
    const better = direction === 'higher' ? 1 : -1;
    const once = analyseExperiment(simulateExperiment({ ...design, noiseSeed: design.seed + 50_000, effect: better * none.detectable! }), options);
    if (once.verdict === 'helped') row.found1 += 1;
    const effect = 2 * better * none.detectable!;
    const twice = analyseExperiment(simulateExperiment({ ...design, noiseSeed: design.seed + 60_000, effect }), options);
    if (twice.verdict === 'helped') row.found2 += 1;
    if (twice.interval![0] <= effect && twice.interval![1] >= effect) row.effectCovered += 1;
  }
  return row;
}

function table(title: string, rows: Row[]): boolean {
  console.log(`\n${title}`);
  console.log('| ρ | members with a verdict | false alarms | coverage, no effect | coverage, effect 2× | found at 1× detectable | found at 2× detectable | median detectable, in SDs |');
  console.log('|---|---|---|---|---|---|---|---|');
  let met = true;
  for (const r of rows) {
    console.log(
      `| ${r.rho.toFixed(1)} | ${r.analysed} | ${percent(r.alarms, r.analysed)} | ${percent(r.nullCovered, r.analysed)} | ${percent(r.effectCovered, r.analysed)} | ${percent(r.found1, r.analysed)} | ${percent(r.found2, r.analysed)} | ${median(r.detectableInSd).toFixed(2)} |`,
    );
    const coverage = [r.nullCovered / r.analysed, r.effectCovered / r.analysed];
    met &&= r.alarms / r.analysed <= 0.1 && coverage.every((c) => c >= 0.85 && c <= 0.95) && r.found2 / r.analysed >= 0.8;
  }
  // One row's rate has a standard error of about 1 point; the rows together, about half that.
  const sum = (pick: (r: Row) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const all = sum((r) => r.analysed);
  console.log(
    `all rows: ${all} members, false alarms ${percent(sum((r) => r.alarms), all)}, coverage ${percent(sum((r) => r.nullCovered), all)} (no effect) and ${percent(sum((r) => r.effectCovered), all)} (effect 2×), found at 2× ${percent(sum((r) => r.found2), all)}`,
  );
  return met;
}

/** False alarms when the verdict is read once at 28 change days, and when read daily from day 14 to 28. */
function peeking(block: number, rho: number): { once: number; daily: number } {
  let [once, daily] = [0, 0];
  for (let k = 0; k < MEMBERS; k += 1) {
    const days = simulateExperiment({ seed: seedOf(block, k), baselineDays: 14, changeDays: 28, rho, effect: 0 });
    const changeDays = days.filter((d) => d.period === 'change').map((d) => d.day);
    const upTo = (n: number) => days.filter((d) => d.period === 'baseline' || d.day <= changeDays[n - 1]!);
    const said = (n: number) => analyseExperiment(upTo(n), { direction: 'higher', plannedChangeDays: 28 }).verdict;
    if (said(28) !== 'no-change') once += 1;
    for (let n = 14; n <= 28; n += 1) {
      const verdict = said(n);
      if (verdict === 'helped' || verdict === 'hurt') {
        daily += 1;
        break;
      }
    }
  }
  return { once: once / MEMBERS, daily: daily / MEMBERS };
}

console.log(`bench:experiments  (node ${process.version}, ${os.availableParallelism()} cores, ${MEMBERS.toLocaleString('en-GB')} members per row)`);
const started = performance.now();
const mixedMet = table(
  'mixed designs: baseline and change 14–42 days, AB or ABA in turn, up to 10 % missing, a flagged week, a time-zone change',
  RHOS.map((rho, i) => calibrate(rho, mixed(i, rho))),
);
const smallestMet = table('the smallest design: AB, 14 + 14 days, none missing', RHOS.map((rho, i) => calibrate(rho, smallest(10 + i, rho))));
console.log('\nlooking every day (AB, 14 baseline days, no true effect)');
console.log('| ρ | helped or hurt, read once at 28 change days | read each day from day 14 to 28, first believed |');
console.log('|---|---|---|');
for (const [i, rho] of RHOS.entries()) {
  const { once, daily } = peeking(20 + i, rho);
  console.log(`| ${rho.toFixed(1)} | ${(once * 100).toFixed(1)} % | ${(daily * 100).toFixed(1)} % |`);
}

// Speed: 200 different 120-day series, warmed up, each analysed 10 times on its own.
const series = Array.from({ length: 200 }, (_, k) =>
  simulateExperiment({ seed: seedOf(30, k), baselineDays: 40, changeDays: 40, returnDays: 40, rho: 0.5, effect: 2, missingProbability: 0.05, flaggedWeek: true }),
);
for (const days of series) analyseExperiment(days, { direction: 'higher', plannedChangeDays: 28 });
const times: number[] = [];
for (let i = 0; i < 2_000; i += 1) {
  const at = performance.now();
  analyseExperiment(series[i % series.length]!, { direction: 'higher', plannedChangeDays: 28 });
  times.push(performance.now() - at);
}
const fast = median(times) < 50;
console.log(`\ntime per 120-day analysis (2,000 runs): median ${ms(median(times))} ms, p95 ${ms(percentile(times, 95))} ms, max ${ms(Math.max(...times))} ms`);
console.log(
  `targets (false alarms ≤ 10 %, coverage 85–95 %, 2× detectable found ≥ 80 %): mixed ${mixedMet ? 'YES' : 'NO'}, smallest ${smallestMet ? 'YES' : 'NO'}; median under 50 ms: ${fast ? 'YES' : 'NO'}`,
);
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
