import type { Source } from './explanations';
import type { LabMarkerKey } from './markers';

// Is a change between two results real, or the test's usual variation? The reference change value (RCV):
// the change two results of one person would exceed only 1 time in 20 if nothing had changed in him, from
// the test's analytical variation (CVA) and the person's own day-to-day, week-to-week variation (CVI).
//
// The log-normal form (Fokkema et al., Clin Chem 2006;52:1602), since these figures vary in proportion:
// σ = √(ln(1 + CVA²) + ln(1 + CVI²)), and a change is beyond the usual when |ln(after / before)| > Z·√2·σ.
// A rise then needs more than a fall of the same size in percent (+38 % against −27 %), and the verdict is
// the same whichever result is called the first, and in any unit the figures are converted to by a factor.
//
// CVA: the member's lab's own analytical variation is not printed on his report; each test is given the
// analytical variation that laboratories aim for, half its CVI (Ricós et al., Scand J Clin Lab Invest
// 2004;64:175, who tabulated reference change values for 261 tests the same way).

/** Two-sided, 95 %: a change beyond it happens by chance 1 time in 20. */
export const Z_95 = 1.96;

const doi = (name: string, id: string): Source => ({ name, url: `https://doi.org/${id}` });
const GULDHAUG: Source = {
  name: 'Guldhaug NA et al., within-subject biological variation of endocrine markers (30 healthy adults sampled weekly for 10 weeks; oestradiol, FSH and LH in the men)',
  url: 'https://staging.scite.ai/authors/nora-alicia-guldhaug-nDO01r',
};
const LIPIDS = doi('Biological variation of lipids and apolipoproteins, Scand J Clin Lab Invest 1990;50:635 (11 healthy adults, weekly for a month)', '10.3109/00365519009089181');
const BLOOD_COUNT: Source = { name: 'Biological variation of the blood count over a year in 39 healthy adults, Arch Pathol Lab Med 1992;116:825', url: 'https://pubmed.ncbi.nlm.nih.gov/1497462/' };
const THYROID: Source = { name: 'Biological variation of TSH, free T3 and free T4 in 21 healthy adults sampled weekly (2025)', url: 'https://pubmed.ncbi.nlm.nih.gov/39974197/' };

/** A marker's within-person variation (CVI, a fraction) and where the figure was published. */
export type BiologicalVariation = { cvi: number; source: Source };

/**
 * The markers with a published within-person variation, each from healthy adults sampled over weeks. A
 * marker left out has no figure the team could read in a source (free testosterone, prolactin in men), or
 * studies too far apart to pick one (ferritin: 6 % to 27 %), or a unit change that is not a factor (HbA1c's
 * % and mmol/mol), where a percent change would differ by the unit; its change is told without a verdict.
 */
export const BIOLOGICAL_VARIATION: Partial<Record<LabMarkerKey, BiologicalVariation>> = {
  total_testosterone: { cvi: 0.16, source: GULDHAUG },
  shbg: {
    cvi: 0.14,
    source: { name: 'Andersson AM et al., J Clin Endocrinol Metab 2003;88:932 (27 healthy men, monthly for 17 months), in the EFLM Biological Variation Database', url: 'https://biologicalvariation.eu/bv_specifications/2700' },
  },
  oestradiol: { cvi: 0.14, source: GULDHAUG },
  lh: { cvi: 0.26, source: GULDHAUG },
  fsh: { cvi: 0.08, source: GULDHAUG },
  cortisol: { cvi: 0.18, source: GULDHAUG },
  psa: { cvi: 0.068, source: doi('Carobene A et al., Clin Chim Acta 2018;486:185 (EuBIVAS: 37 healthy men, weekly for 10 weeks)', '10.1016/j.cca.2018.07.043') },
  vitamin_d: { cvi: 0.082, source: doi('Cokluk E et al., Clin Lab 2021 (21 healthy adults, weekly for 5 weeks)', '10.7754/Clin.Lab.2021.210102') },
  glucose: { cvi: 0.05, source: doi('Ricós C et al., Adv Lab Med 2020;1:20200029 (EFLM meta-analysis of healthy adults)', '10.1515/almed-2020-0029') },
  total_cholesterol: { cvi: 0.042, source: LIPIDS },
  hdl_cholesterol: { cvi: 0.041, source: LIPIDS },
  ldl_cholesterol: { cvi: 0.052, source: LIPIDS },
  triglycerides: { cvi: 0.207, source: LIPIDS },
  apob: { cvi: 0.097, source: LIPIDS },
  haemoglobin: { cvi: 0.028, source: BLOOD_COUNT },
  haematocrit: { cvi: 0.029, source: BLOOD_COUNT },
  creatinine: { cvi: 0.052, source: doi('Within-subject variation of creatinine, a meta-analysis of 37 studies, Front Med 2022', '10.3389/fmed.2022.1009358') },
  crp: { cvi: 0.422, source: doi('Variability in the measurement of C-reactive protein in healthy subjects, Clin Chem 1997;43:52', '10.1093/clinchem/43.1.52') },
  tsh: { cvi: 0.223, source: THYROID },
  free_t4: { cvi: 0.051, source: THYROID },
};

/**
 * The limits beyond which a change is more than the usual variation, as fractions of the first result:
 * `up` for a rise (0.38: 38 % up), `down` for a fall (0.27: 27 % down). `cva` defaults to half the CVI.
 */
export function referenceChangeLimits(cvi: number, cva: number = cvi / 2, z: number = Z_95): { up: number; down: number } {
  const k = logLimit(cvi, cva, z);
  return { up: Math.expm1(k), down: -Math.expm1(-k) };
}

/** Z·√2·σ: the largest |ln(after / before)| within the usual variation. */
export function logLimit(cvi: number, cva: number = cvi / 2, z: number = Z_95): number {
  return z * Math.SQRT2 * Math.sqrt(Math.log1p(cva * cva) + Math.log1p(cvi * cvi));
}

export type ChangeVerdict = {
  direction: 'up' | 'down' | 'same';
  /** The change as a fraction of the first result, unsigned (0.24: 24 %). */
  change: number;
  /** The usual variation in that direction (for 'same', a rise's). */
  usual: number;
  /** Beyond the usual variation: likely a real change. */
  real: boolean;
  source: Source;
};

/**
 * Whether `after` differs from `before` by more than the marker's usual variation. Both in one unit; null
 * when the marker has no published variation or either figure is not above 0.
 */
export function changeVerdict(marker: LabMarkerKey, before: number, after: number): ChangeVerdict | null {
  const variation = BIOLOGICAL_VARIATION[marker];
  if (!variation || !(before > 0) || !(after > 0) || !Number.isFinite(before) || !Number.isFinite(after)) return null;
  const k = logLimit(variation.cvi);
  const ratio = after / before;
  const direction = ratio > 1 ? 'up' : ratio < 1 ? 'down' : 'same';
  return {
    direction,
    change: Math.abs(ratio - 1),
    // The limits of referenceChangeLimits, from the k already worked out.
    usual: direction === 'down' ? -Math.expm1(-k) : Math.expm1(k),
    real: Math.abs(Math.log(ratio)) > k,
    source: variation.source,
  };
}

const percent = (fraction: number, digits: number) => `${(fraction * 100).toFixed(digits)} %`;

/**
 * The verdict in words: "up 24 %, within this test's usual variation of 64 %" or "down 35 %, more than this
 * test's usual variation of 28 %, so likely a real change". Whole percents, or one decimal where whole ones
 * would read the same on both sides of the verdict.
 */
export function verdictText(verdict: ChangeVerdict): string {
  const whole = Math.round(verdict.change * 100) === Math.round(verdict.usual * 100);
  const digits = whole ? 1 : 0;
  if (verdict.direction === 'same') return `no change, within this test’s usual variation of ${percent(verdict.usual, digits)}`;
  const moved = `${verdict.direction} ${percent(verdict.change, digits)}`;
  return verdict.real
    ? `${moved}, more than this test’s usual variation of ${percent(verdict.usual, digits)}, so likely a real change`
    : `${moved}, within this test’s usual variation of ${percent(verdict.usual, digits)}`;
}
