import type { Page } from '@playwright/test';
import { query } from './support/database';
import { expect, PASSWORD, test, type Users } from './support/fixtures';

// Step 5 (/onboarding_5). Users register and answer step 4 through the real calls (support/fixtures.ts).

type Option = { value: string; label: string };
type GeoSpy = { watching: number[]; cleared: number[]; positions: number };

const DENIED = 'Location access was denied or an error occurred.';
const ACCESS_REQUIRED = 'Please enable location access to continue.';
const PLACE_REQUIRED = 'Please choose your country and city.';
const LONDON = { latitude: 51.5072, longitude: -0.1276 };

const byLabel = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

const countryField = (page: Page) => page.getByRole('combobox', { name: 'Country' });
const cityField = (page: Page) => page.getByRole('combobox', { name: 'City' });
const locationSwitch = (page: Page) => page.getByRole('switch', { name: 'Allow location access' });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const options = (page: Page, list: 'Country' | 'City') => page.getByRole('listbox', { name: list }).getByRole('option');

/** A new signed-in user who has done step 4, on /onboarding_5. */
async function startAtLocationStep(page: Page, users: Users): Promise<string> {
  const { email } = await users.create({ firstName: 'Lewis', lastName: 'Carter', at: 'location', answers: { 'date-of-birth': { date_of_birth: '1985-04-12' } } });
  await page.goto('/onboarding_5');
  await expect(page.getByRole('progressbar', { name: 'Step 5 of 14' })).toBeVisible();
  return email;
}

async function chooseCountry(page: Page, typed: string, name: string) {
  await countryField(page).fill(typed);
  await options(page, 'Country').getByText(name, { exact: true }).click();
  await expect(countryField(page)).toHaveValue(name);
}

async function savedLocation(email: string) {
  const [row] = await query<{ country: string | null; city: string | null; allowLocationAccess: boolean }>(
    'SELECT country, city, "allowLocationAccess" FROM users WHERE email = $1',
    [email],
  );
  return row;
}

/** Wraps (never replaces) the browser's geolocation so the test can see watches and positions. */
function spyOnGeolocation(page: Page) {
  return page.addInitScript(() => {
    const spy: GeoSpy = { watching: [], cleared: [], positions: 0 };
    (window as unknown as { geoSpy: GeoSpy }).geoSpy = spy;
    const { watchPosition, clearWatch } = Geolocation.prototype;
    Geolocation.prototype.watchPosition = function (success, error, opts) {
      const counted: PositionCallback = (position) => {
        spy.positions += 1;
        success(position);
      };
      const id = watchPosition.call(this, counted, error, opts);
      spy.watching.push(id);
      return id;
    };
    Geolocation.prototype.clearWatch = function (id) {
      spy.cleared.push(id);
      clearWatch.call(this, id);
    };
  });
}
const geoSpy = (page: Page) => page.evaluate(() => (window as unknown as { geoSpy: GeoSpy }).geoSpy);

test.describe('onboarding step 5: location', () => {
  test('the static files: countries with gb, us, ca, au, de, fr first then alphabetical, a flag and a sorted city list for each', async ({ request }) => {
    const countries = (await (await request.get('/countries.json')).json()) as Option[];
    expect(countries.slice(0, 6)).toEqual([
      { value: 'gb', label: 'United Kingdom' },
      { value: 'us', label: 'United States' },
      { value: 'ca', label: 'Canada' },
      { value: 'au', label: 'Australia' },
      { value: 'de', label: 'Germany' },
      { value: 'fr', label: 'France' },
    ]);
    const rest = countries.slice(6).map((c) => c.label);
    expect(rest).toEqual([...rest].sort(byLabel));
    expect(countries.length).toBeGreaterThan(240);
    expect(countries.every((c) => /^[a-z]{2}$/.test(c.value))).toBe(true);
    expect(new Set(countries.map((c) => c.value)).size).toBe(countries.length);

    const files = await Promise.all(
      countries.map(async ({ value }) => {
        const [flag, cities] = await Promise.all([request.get(`/flags/${value}.svg`), request.get(`/cities/${value}.json`)]);
        return { value, flag: flag.status(), svg: (await flag.text()).includes('<svg'), cities: cities.status(), list: (await cities.json()) as Option[] };
      }),
    );
    expect(files.filter((f) => f.flag !== 200 || !f.svg || f.cities !== 200).map((f) => f.value)).toEqual([]);
    const unsorted = files.filter(({ list }) => list.some((c, i) => i > 0 && byLabel(list[i - 1]!.label, c.label) > 0));
    expect(unsorted.map((f) => f.value)).toEqual([]);

    const gb = files.find((f) => f.value === 'gb')!.list;
    expect(gb.map((c) => c.label)).toEqual(expect.arrayContaining(['London', 'Manchester', 'Edinburgh', 'Cardiff', 'Belfast']));
    expect(new Set(gb.map((c) => c.label)).size).toBe(gb.length);
    expect(gb.every((c) => c.value === c.label)).toBe(true);
    expect(files.find((f) => f.value === 'bv')!.list).toEqual([]);
  });

  test('country select with flags and type-ahead; the chosen country loads its sorted cities; a new country clears the city', async ({ page, users }) => {
    await startAtLocationStep(page, users);
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/onboarding_4');
    await expect(cityField(page)).toBeDisabled();

    await countryField(page).click();
    expect((await options(page, 'Country').allTextContents()).slice(0, 7)).toEqual(['United Kingdom', 'United States', 'Canada', 'Australia', 'Germany', 'France', 'Afghanistan']);
    // Flags beside the names are decorative (alt=""): the option's name stays the country's.
    await expect(options(page, 'Country').first().locator('img')).toHaveAttribute('src', '/flags/gb.svg');

    // Keyboard: type to filter (no option active yet), arrow down to the first match and on to the
    // second, Enter picks it; Escape undoes typing.
    await countryField(page).fill('united');
    await expect(options(page, 'Country')).toHaveText(['United Kingdom', 'United States', 'United Arab Emirates']);
    await expect(countryField(page)).not.toHaveAttribute('aria-activedescendant');
    const usCities = page.waitForRequest((r) => r.url().endsWith('/cities/us.json'));
    await countryField(page).press('ArrowDown');
    await countryField(page).press('ArrowDown');
    await countryField(page).press('Enter');
    await usCities;
    await expect(countryField(page)).toHaveValue('United States');
    await countryField(page).fill('xyz');
    await expect(page.getByText('No matches')).toBeVisible();
    await countryField(page).press('Escape');
    await expect(countryField(page)).toHaveValue('United States');

    const gbCities = page.waitForRequest((r) => r.url().endsWith('/cities/gb.json'));
    await chooseCountry(page, 'united k', 'United Kingdom');
    await gbCities;
    const flag = page.getByRole('img', { name: 'United Kingdom flag' });
    await expect(flag).toHaveAttribute('src', '/flags/gb.svg');
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await cityField(page).click();
    const shown = await options(page, 'City').allTextContents();
    const file = (await (await page.request.get('/cities/gb.json')).json()) as Option[];
    expect(shown).toHaveLength(100);
    expect(shown).toEqual([...shown].sort(byLabel));
    expect(shown).toEqual(file.slice(0, 100).map((c) => c.label));
    await expect(page.getByText(`Showing 100 of ${file.length.toLocaleString('en-GB')}.`)).toBeVisible();
    // The name typed in full is ranked first and taken by Enter.
    await cityField(page).fill('Manchester');
    await expect(options(page, 'City').first()).toHaveText('Manchester');
    await cityField(page).press('Enter');
    await expect(cityField(page)).toHaveValue('Manchester');
    // A place the list lacks can be used as typed.
    await cityField(page).fill('Nether Wallop Parva');
    await expect(options(page, 'City')).toHaveText(['Use “Nether Wallop Parva”']);
    await options(page, 'City').first().click();
    await expect(cityField(page)).toHaveValue('Nether Wallop Parva');

    // A spinner while the new country's list loads, and the city is gone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/cities/fr.json', async (route) => {
      await held;
      await route.continue();
    });
    const frCities = page.waitForRequest((r) => r.url().endsWith('/cities/fr.json'));
    await chooseCountry(page, 'France', 'France');
    await frCities;
    await expect(page.getByRole('status', { name: 'Loading cities' })).toBeVisible();
    await expect(cityField(page)).toBeDisabled();
    release();
    await expect(cityField(page)).toBeEnabled();
    await expect(cityField(page)).toHaveValue('');
    await expect(page.getByRole('img', { name: 'France flag' })).toHaveAttribute('src', '/flags/fr.svg');
    await cityField(page).fill('Paris');
    await cityField(page).press('Enter');
    await expect(cityField(page)).toHaveValue('Paris');

    // A country the dataset has no cities for: the city is typed.
    await chooseCountry(page, 'Bouvet', 'Bouvet Island');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('');
    await expect(cityField(page)).toHaveCount(0);
  });

  test('with geolocation allowed the switch stays on, off clears the watch, and Continue saves and goes to /onboarding_6', async ({ page, context, users }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(LONDON);
    await spyOnGeolocation(page);
    const email = await startAtLocationStep(page, users);

    await locationSwitch(page).click();
    await expect(locationSwitch(page)).toBeChecked();
    await expect.poll(async () => (await geoSpy(page)).positions).toBeGreaterThan(0);
    await expect(locationSwitch(page)).toBeChecked();
    await expect(page.getByText(DENIED)).toHaveCount(0);

    await locationSwitch(page).click();
    await expect(locationSwitch(page)).not.toBeChecked();
    await expect(page.getByText('Location tracking has been disabled.')).toBeVisible();
    const spy = await geoSpy(page);
    expect(spy.watching).toHaveLength(1);
    expect(spy.cleared).toEqual(spy.watching);

    await chooseCountry(page, 'United Kingdom', 'United Kingdom');
    await cityField(page).fill('London');
    await options(page, 'City').getByText('London', { exact: true }).click();
    await continueButton(page).click();
    await expect(page.getByText(ACCESS_REQUIRED)).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding_5$/);
    expect(await savedLocation(email)).toEqual({ country: null, city: null, allowLocationAccess: false });

    await locationSwitch(page).click();
    await expect(locationSwitch(page)).toBeChecked();
    await expect(page.getByText(ACCESS_REQUIRED)).toHaveCount(0);
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/onboarding_6$/);
    expect(await savedLocation(email)).toEqual({ country: 'gb', city: 'London', allowLocationAccess: true });

    // Back on step 5, the saved answers are filled in.
    await page.goto('/onboarding_5');
    await expect(countryField(page)).toHaveValue('United Kingdom');
    await expect(page.getByRole('img', { name: 'United Kingdom flag' })).toBeVisible();
    await expect(cityField(page)).toHaveValue('London');
  });

  test('a denied permission turns the switch back off with the denial text; Continue asks for access, country and city', async ({ page, users }) => {
    // No permission granted: headless Chromium denies the request itself.
    const email = await startAtLocationStep(page, users);

    await continueButton(page).click();
    await expect(page.getByText(ACCESS_REQUIRED)).toBeVisible();
    await expect(page.getByText(PLACE_REQUIRED)).toBeVisible();

    await locationSwitch(page).click();
    await expect(page.getByRole('alert').filter({ hasText: DENIED })).toBeVisible();
    await expect(locationSwitch(page)).not.toBeChecked();

    await chooseCountry(page, 'Canada', 'Canada');
    await cityField(page).fill('Toronto');
    await cityField(page).press('Enter');
    await continueButton(page).click();
    await expect(page.getByText(ACCESS_REQUIRED)).toBeVisible();
    await expect(page.getByText(PLACE_REQUIRED)).toHaveCount(0);
    await expect(page).toHaveURL(/\/onboarding_5$/);
    expect(await savedLocation(email)).toEqual({ country: null, city: null, allowLocationAccess: false });

    // A browser without the Geolocation API: no native way to get one, so the API is removed.
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'geolocation');
    });
    await page.reload();
    await locationSwitch(page).click();
    await expect(page.getByText('Geolocation is not available in your browser')).toBeVisible();
    await expect(locationSwitch(page)).not.toBeChecked();
  });

  test('a refused save shows the server message, a network failure its own text, and the user stays on step 5', async ({ page, context, users }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(LONDON);
    const email = await startAtLocationStep(page, users);
    await chooseCountry(page, 'Germany', 'Germany');
    await cityField(page).fill('Berlin');
    await options(page, 'City').getByText('Berlin', { exact: true }).click();
    await locationSwitch(page).click();
    await expect(locationSwitch(page)).toBeChecked();

    // Signed out in another tab: the server refuses the save.
    await users.signOutElsewhere();
    await continueButton(page).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to update location' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('Not authenticated');

    await users.signIn(email, PASSWORD);
    await context.setOffline(true);
    await continueButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'An error occurred while updating your location' })).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding_5$/);
    expect(await savedLocation(email)).toEqual({ country: null, city: null, allowLocationAccess: false });

    await context.setOffline(false);
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/onboarding_6$/);
    expect(await savedLocation(email)).toEqual({ country: 'de', city: 'Berlin', allowLocationAccess: true });
  });
});
