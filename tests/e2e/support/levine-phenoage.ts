// Levine's PhenoAge (Aging 10:573, 2018), written out in the browser tests from the paper itself, so that
// what /my_results shows is checked against the published formula and not against lib/labs/phenoage.ts.
// Inputs in the units US labs print (and the German report of account-area.spec.ts): the paper takes
// albumin in g/L, creatinine in µmol/L, glucose in mmol/L and ln(CRP in mg/dL).

export type LevineInputs = {
  /** g/dL */ albumin: number;
  /** mg/dL */ creatinine: number;
  /** mg/dL */ glucose: number;
  /** mg/L */ crp: number;
  /** % */ lymphocytesPct: number;
  /** fL */ mcv: number;
  /** % */ rdw: number;
  /** U/L */ alp: number;
  /** 10⁹/L */ wbc: number;
  /** years, at the blood draw */ age: number;
};

export function levinePhenoAge(v: LevineInputs): number {
  const xb =
    -19.9067 - 0.0336 * v.albumin * 10 + 0.0095 * v.creatinine * 88.4 + 0.1953 * (v.glucose / 18.016) + 0.0954 * Math.log(v.crp / 10) -
    0.012 * v.lymphocytesPct + 0.0268 * v.mcv + 0.3306 * v.rdw + 0.0019 * v.alp + 0.0554 * v.wbc + 0.0804 * v.age;
  const mortality = 1 - Math.exp((-Math.exp(xb) * (Math.exp(120 * 0.0076927) - 1)) / 0.0076927);
  return 141.50225 + Math.log(-0.00553 * Math.log(1 - mortality)) / 0.090165;
}

/** The inputs from results keyed by the app's marker names (each `{ value }` in the units above). */
export const levineInputs = (v: Record<string, { value: number } | undefined>, age: number): LevineInputs => ({
  albumin: v.albumin!.value,
  creatinine: v.creatinine!.value,
  glucose: v.glucose!.value,
  crp: v.crp!.value,
  lymphocytesPct: v.lymphocytes_pct!.value,
  mcv: v.mcv!.value,
  rdw: v.rdw!.value,
  alp: v.alp!.value,
  wbc: v.wbc!.value,
  age,
});
