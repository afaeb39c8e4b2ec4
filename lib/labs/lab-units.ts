// The member's lab units: every blood result shown in one system, conventional (US: ng/dL,
// mg/dL) or SI (nmol/L, mmol/L), chosen in Settings → Units and defaulting from his country. The lab's own
// printed value and unit stay as the result's provenance; FHIR keeps UCUM (lib/export/fhir.ts).
import { convertToCanonical, LAB_MARKERS, type LabMarkerKey, normaliseUnit } from './markers';

/** Conventional (US: ng/dL, mg/dL) or SI (nmol/L, mmol/L). */
export const LAB_UNIT_SYSTEMS = ['conventional', 'si'] as const;
export type LabUnitSystem = (typeof LAB_UNIT_SYSTEMS)[number];

/** Countries whose labs report in conventional units (the United States'); a member of any other country starts with SI. */
const CONVENTIONAL_COUNTRIES = new Set(['us']);

/**
 * The system a member starts with: his country's labs' (`country` is the profile's two-letter code). A
 * member who gave no country sees the SPEC's own unit for the figure it names (testosterone in ng/dL) and
 * the rest alike: conventional, until he chooses.
 */
export const defaultLabUnits = (country: string | null | undefined): LabUnitSystem => (!country || CONVENTIONAL_COUNTRIES.has(country.toLowerCase()) ? 'conventional' : 'si');

/** The member's chosen system, or his country's. */
export const labUnitsOf = (chosen: LabUnitSystem | null | undefined, country: string | null | undefined): LabUnitSystem => chosen ?? defaultLabUnits(country);

/**
 * Each marker's unit in each system, spelt as the catalogue (lib/labs/markers.ts) spells it. A marker
 * missing from a system's list is shown in its catalogue unit there (a percentage, U/L, mg/L of CRP:
 * one unit in both). SI as UK and European labs print it (Système international; a count per litre);
 * conventional as US labs do (a count per microlitre, mIU/mL). Prolactin's SI figure is µg/L, the same
 * number as ng/mL: its mIU/L depends on the assay's standard.
 */
const UNITS: Record<LabUnitSystem, Partial<Record<LabMarkerKey, string>>> = {
  conventional: {
    lh: 'mIU/mL',
    fsh: 'mIU/mL',
    tsh: 'µIU/mL',
    urea: 'mg/dL',
    wbc: 'x10E3/uL',
    platelets: 'x10E3/uL',
    neutrophils_abs: 'x10E3/uL',
    lymphocytes_abs: 'x10E3/uL',
    monocytes_abs: 'x10E3/uL',
    eosinophils_abs: 'x10E3/uL',
    basophils_abs: 'x10E3/uL',
    rbc: 'x10E6/uL',
  },
  si: {
    total_testosterone: 'nmol/L',
    free_testosterone: 'pmol/L',
    oestradiol: 'pmol/L',
    prolactin: 'µg/L',
    psa: 'µg/L',
    haematocrit: 'L/L',
    vitamin_d: 'nmol/L',
    hba1c: 'mmol/mol',
    total_cholesterol: 'mmol/L',
    ldl_cholesterol: 'mmol/L',
    hdl_cholesterol: 'mmol/L',
    non_hdl_cholesterol: 'mmol/L',
    triglycerides: 'mmol/L',
    haemoglobin: 'g/L',
    mchc: 'g/L',
    glucose: 'mmol/L',
    bun: 'mmol/L',
    creatinine: 'µmol/L',
    calcium: 'mmol/L',
    total_protein: 'g/L',
    albumin: 'g/L',
    globulin: 'g/L',
    bilirubin: 'µmol/L',
    apob: 'g/L',
    insulin: 'pmol/L',
    ferritin: 'µg/L',
    iron: 'µmol/L',
    tibc: 'µmol/L',
    vitamin_b12: 'pmol/L',
    folate: 'nmol/L',
    magnesium: 'mmol/L',
    uric_acid: 'µmol/L',
    free_t4: 'pmol/L',
    free_t3: 'pmol/L',
    dhea_s: 'µmol/L',
    cortisol: 'nmol/L',
    igf1: 'nmol/L',
  },
};

/** The unit `marker` is shown in for a member on `system`. */
export const unitIn = (marker: LabMarkerKey, system: LabUnitSystem): string => UNITS[system][marker] ?? LAB_MARKERS[marker].unit;

/** How units are written for a member: a count's power of ten raised ("×10⁹/L", "×10³/µL"), µ for u. */
export function unitLabel(unit: string): string {
  const power = /^(?:x\s?)?(?:10\^|10E|E)(\d{1,2})\/(u|µ)?L$/i.exec(unit.replace(/\s+/g, ''));
  if (power) return `×10${[...power[1]!].map((digit) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(digit)]).join('')}/${power[2] ? 'µ' : ''}L`;
  return unit.replace(/^u(?=[gIm])/, 'µ');
}

/**
 * `value` in `unit` as `marker` is shown on `system`: the same figure when the unit is already the
 * system's, else converted through the catalogue (its conversions are affine: a factor, and HbA1c's
 * offset). Null when the catalogue does not know the unit (the value is then shown as the lab printed it).
 */
export function inSystem(marker: LabMarkerKey, value: number, unit: string, system: LabUnitSystem): { value: number; unit: string; converted: boolean } | null {
  const target = unitIn(marker, system);
  if (normaliseUnit(unit) === normaliseUnit(target)) return { value, unit: target, converted: false };
  const canonical = convertToCanonical(marker, value, unit);
  if (canonical === null) return null;
  const [zero, one] = [convertToCanonical(marker, 0, target), convertToCanonical(marker, 1, target)];
  if (zero === null || one === null || one === zero) return null;
  return { value: (canonical - zero) / (one - zero), unit: target, converted: true };
}

/**
 * A converted figure, rounded as every screen writes one: to three significant digits, and to a whole
 * number from 100 up (17.1 nmol/L is 493 ng/dL on the dashboard, /my_results and in the PDF alike; 612
 * ng/dL is 21.2 nmol/L).
 */
export const convertedFigure = (value: number): number => (Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(3)));

/** A result as the lab printed it (or the member typed it): value, unit and the lab's range. */
export type PrintedResult = { value: number; unit: string; low: number | null; high: number | null };

/**
 * A result in the member's units: its value and the lab's range converted together (rounded
 * by convertedFigure), the printed figure kept; as printed when its unit is already his, or one the
 * catalogue does not convert.
 */
export function inMemberUnits(
  marker: LabMarkerKey,
  printed: PrintedResult,
  system: LabUnitSystem,
): { value: number; unit: string; low: number | null; high: number | null; printed: PrintedResult | null } {
  const value = inSystem(marker, printed.value, printed.unit, system);
  if (!value?.converted) return { ...printed, unit: value?.unit ?? printed.unit, printed: null };
  const convert = (figure: number | null) => (figure === null ? null : convertedFigure(inSystem(marker, figure, printed.unit, system)!.value));
  return { value: convertedFigure(value.value), unit: value.unit, low: convert(printed.low), high: convert(printed.high), printed };
}

/** Total testosterone held in ng/dL (the T-Results chart's points, the T-Score's input) as the member reads it: 493 ng/dL, or 17.1 nmol/L. */
export function testosteroneFigure(ngDl: number, system: LabUnitSystem): { value: number; unit: string } {
  const shown = inSystem('total_testosterone', ngDl, 'ng/dL', system)!;
  return { value: convertedFigure(shown.value), unit: shown.unit };
}
