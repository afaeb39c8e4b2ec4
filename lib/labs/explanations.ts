// What a result outside the lab's range means, for the markers members of this product flag most
// (docs/architecture.md, "Account area", /my_results): what the test measures, the common reasons for a high or a low value (the harmless ones
// too), what to ask the doctor and when to test again. Written by the team in the product's voice from the
// sources named under each text (MedlinePlus's lab-test pages, the NHS, the Endocrine Society's
// testosterone guideline, NICE); never a diagnosis. Where a value is far enough outside its range to need
// a doctor soon, an urgent sentence says so, from the marker's own unit (`toCanonical`).
import { type LabMarkerKey, toCanonical } from './markers';

export type Source = { name: string; url: string };

export type Explanation = {
  /** One or two sentences: what the test measures. */
  measures: string;
  /** Common reasons for a high or a low result, harmless ones first. */
  high?: string;
  low?: string;
  /** What to ask the doctor. */
  ask: string;
  /** When to test again, in weeks (the lower and upper ends). */
  retestWeeks: [number, number];
  sources: Source[];
  /** A value in the marker's own unit that calls for a doctor within a day or two (null: none said). */
  urgentAbove?: number;
  urgentBelow?: number;
};

const MEDLINEPLUS = (name: string, path: string): Source => ({ name: `MedlinePlus: ${name}`, url: `https://medlineplus.gov/lab-tests/${path}/` });
const NHS = (name: string, path: string): Source => ({ name: `NHS: ${name}`, url: `https://www.nhs.uk/${path}/` });
const ENDOCRINE_SOCIETY: Source = {
  name: 'Endocrine Society: Testosterone Therapy in Men with Hypogonadism (clinical practice guideline, 2018)',
  url: 'https://academic.oup.com/jcem/article/103/5/1715/4939465',
};

export const EXPLANATIONS: Partial<Readonly<Record<LabMarkerKey, Explanation>>> = {
  total_testosterone: {
    measures: 'The testosterone in your blood, most of it bound to proteins. It is highest in the morning and falls through the day.',
    low: 'A sample taken later than the morning, a short night, a recent illness, heavy training, alcohol, and being overweight can all lower a single result; so can medicines such as opioids and steroids. A low result is only confirmed by a second morning sample.',
    high: 'Testosterone therapy or supplements are the usual reason; a sample taken at the peak of an injection cycle reads high.',
    ask: 'Ask whether to repeat it as a fasting morning sample, and whether LH, FSH, SHBG and prolactin should be measured with it.',
    retestWeeks: [4, 12],
    sources: [MEDLINEPLUS('Testosterone Levels Test', 'testosterone-levels-test'), ENDOCRINE_SOCIETY],
  },
  vitamin_d: {
    measures: '25-hydroxy vitamin D, the form that shows how much vitamin D your body has from sunlight, food and supplements.',
    low: 'Little time outdoors, dark skin, winter months in the north, a covered-up job and being overweight are the common reasons; few foods carry much vitamin D.',
    high: 'Almost always high-dose supplements taken for a long time.',
    ask: 'Ask whether you need a supplement and at what dose, and when to check the level again.',
    retestWeeks: [8, 12],
    sources: [MEDLINEPLUS('Vitamin D Test', 'vitamin-d-test'), NHS('Vitamin D', 'conditions/vitamins-and-minerals/vitamin-d')],
  },
  haematocrit: {
    measures: 'The share of your blood made up of red blood cells.',
    high: 'Not drinking enough before the test raises it, and so do smoking, living at altitude and sleep apnoea. Testosterone therapy commonly raises it; the Endocrine Society guideline asks for a review when it passes 54 %.',
    low: 'A recent blood donation or blood loss, low iron, B12 or folate, and long-term illness can lower it.',
    ask: 'Ask whether it needs repeating well hydrated, and, if you take testosterone, whether the dose or the interval should change.',
    retestWeeks: [4, 12],
    sources: [MEDLINEPLUS('Hematocrit Test', 'hematocrit-test'), ENDOCRINE_SOCIETY],
    // 54 %: the guideline's threshold for stopping or reducing testosterone therapy until it falls.
    urgentAbove: 54,
  },
  haemoglobin: {
    measures: 'The protein in red blood cells that carries oxygen.',
    high: 'Dehydration, smoking, altitude and testosterone therapy are the common reasons.',
    low: 'Low iron (often from blood loss), low B12 or folate, a recent blood donation and long-term illness are the common reasons.',
    ask: 'Ask what is behind it and whether iron studies, B12 and folate should be checked.',
    retestWeeks: [4, 12],
    sources: [MEDLINEPLUS('Hemoglobin Test', 'hemoglobin-test')],
    // 8 g/dL: the World Health Organization's threshold of severe anaemia in men (below 80 g/L).
    urgentBelow: 8,
  },
  ldl_cholesterol: {
    measures: 'LDL cholesterol, the kind that builds up in the walls of arteries.',
    high: 'Saturated fat in the diet, family history, being overweight, an underactive thyroid and little exercise raise it.',
    ask: 'Ask what your overall risk of heart disease is, and whether diet and exercise alone are the right first step for you.',
    retestWeeks: [12, 12],
    sources: [MEDLINEPLUS('Cholesterol Levels', 'cholesterol-levels'), NHS('High cholesterol', 'conditions/high-cholesterol')],
  },
  total_cholesterol: {
    measures: 'All the cholesterol in your blood: the LDL and HDL kinds and the rest.',
    high: 'Diet, family history, weight and an underactive thyroid are the common reasons; a high HDL raises it too, which is no harm.',
    ask: 'Ask what your LDL and non-HDL cholesterol say about your risk, rather than the total alone.',
    retestWeeks: [12, 12],
    sources: [MEDLINEPLUS('Cholesterol Levels', 'cholesterol-levels'), NHS('High cholesterol', 'conditions/high-cholesterol')],
  },
  hba1c: {
    measures: 'Your average blood sugar over the last two to three months.',
    high: 'Carbohydrate-heavy eating, weight and little exercise are the usual reasons; some anaemias and haemoglobin variants make it read higher or lower than the true average.',
    ask: 'Ask whether the result means prediabetes or diabetes for you, and whether a fasting glucose should be measured with it.',
    retestWeeks: [12, 12],
    sources: [MEDLINEPLUS('Hemoglobin A1C (HbA1c) Test', 'hemoglobin-a1c-hba1c-test')],
  },
  psa: {
    measures: 'Prostate-specific antigen, a protein the prostate makes.',
    high: 'An enlarged prostate, a urine infection, ejaculation or a long cycle ride in the 48 hours before the test, and testosterone therapy can all raise it; it rises with age.',
    ask: 'Ask whether to repeat it (after 48 hours without ejaculation or cycling, and once any infection has cleared) before anything else is decided.',
    retestWeeks: [6, 8],
    sources: [MEDLINEPLUS('Prostate-Specific Antigen (PSA) Test', 'prostate-specific-antigen-psa-test')],
  },
  ferritin: {
    measures: 'The protein that stores iron: it shows how much iron your body holds in reserve.',
    high: 'Inflammation, an infection, alcohol and liver strain raise it without any extra iron; so can iron overload.',
    low: 'Blood loss, frequent blood donation, a diet low in iron and poor absorption are the common reasons.',
    ask: 'Ask whether iron studies and a CRP should be checked with it, and what is behind it.',
    retestWeeks: [8, 12],
    sources: [MEDLINEPLUS('Ferritin Blood Test', 'ferritin-blood-test')],
  },
  potassium: {
    measures: 'Potassium, a salt your nerves, muscles and heart depend on.',
    high: 'A sample that waited long before the lab tested it, or a tight tourniquet, often reads falsely high; kidney problems and some blood-pressure medicines raise it.',
    low: 'Diarrhoea or vomiting, water tablets and some other medicines lower it.',
    ask: 'Ask whether it should be repeated promptly, and whether any of your medicines could explain it.',
    retestWeeks: [1, 2],
    sources: [MEDLINEPLUS('Potassium Blood Test', 'potassium-blood-test')],
    // Hyperkalaemia above 6.0 mmol/L and hypokalaemia below 3.0 are the moderate-to-severe grades doctors treat promptly.
    urgentAbove: 6,
    urgentBelow: 3,
  },
  sodium: {
    measures: 'Sodium, the salt that keeps your body’s water in balance.',
    high: 'Not drinking enough is the usual reason.',
    low: 'Drinking a great deal of water, water tablets and some antidepressants lower it.',
    ask: 'Ask whether it should be repeated, and whether any of your medicines could explain it.',
    retestWeeks: [1, 4],
    sources: [MEDLINEPLUS('Sodium Blood Test', 'sodium-blood-test')],
    // Severe hyponatraemia (below 125 mmol/L) and marked hypernatraemia.
    urgentAbove: 155,
    urgentBelow: 125,
  },
};

/** A generic text for a flagged marker the team has not written one for yet. */
export const GENERIC: Pick<Explanation, 'ask' | 'sources'> = {
  ask: 'Ask your doctor what this result means for you, and whether it should be repeated.',
  sources: [{ name: 'MedlinePlus: How to Understand Your Lab Results', url: 'https://medlineplus.gov/lab-tests/how-to-understand-your-lab-results/' }],
};

/** Whether a result is far enough outside its range to see a doctor within a day or two. */
export function isUrgent(marker: LabMarkerKey, value: number, unit: string): boolean {
  const explanation = EXPLANATIONS[marker];
  if (!explanation || (explanation.urgentAbove === undefined && explanation.urgentBelow === undefined)) return false;
  // Haematocrit's threshold is a percentage: its own unit. A unit the catalogue cannot convert says nothing.
  const own = toCanonical(marker, value, unit);
  if (own === null) return false;
  return (explanation.urgentAbove !== undefined && own > explanation.urgentAbove) || (explanation.urgentBelow !== undefined && own < explanation.urgentBelow);
}

/** The day to test again: the later end of the marker's interval after the day it was taken (YYYY-MM-DD). */
export function retestBy(marker: LabMarkerKey, takenOn: string): string | null {
  const explanation = EXPLANATIONS[marker];
  if (!explanation) return null;
  const day = new Date(`${takenOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7 * explanation.retestWeeks[1]);
  return day.toISOString().slice(0, 10);
}
