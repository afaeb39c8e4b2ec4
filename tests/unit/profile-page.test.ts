import { describe, expect, it } from '@jest/globals';
import { formatHeight, formatWeight, parseFeetInches } from '@/lib/units';
import { checkProfilePage, heightFromText, heightText, weightFromText, weightText, type ProfilePageValues } from '@/lib/validation/profile-page';
import { who5Score } from '@/lib/mindset/who5';
import { healthHistoryComplete, HEALTH_HISTORY_FIELDS } from '@/lib/profile/health-history';

const VALID: ProfilePageValues = {
  name: 'Marcus',
  surname: 'Aurelius',
  date_of_birth: '1980-04-26',
  height: '181',
  weight: '88.4',
  goal_weight: '',
  country: 'gb',
  city: 'London',
  email: 'marcus@example.test',
  password: '',
  current_password: '',
};

describe('the profile page’s height (SPEC §5)', () => {
  it.each([
    ['29', 'Height must be between 30 and 250 cm.'],
    ['251', 'Height must be between 30 and 250 cm.'],
    ['abc', 'Height must be between 30 and 250 cm.'],
    ['', 'Height must be between 30 and 250 cm.'],
  ])('cm %p → %p', (text, error) => expect(heightFromText(text, 'metric')).toEqual({ error }));

  it('accepts 30 to 250 cm, rounded', () => {
    expect(heightFromText('30', 'metric')).toEqual({ cm: 30 });
    expect(heightFromText('180.6', 'metric')).toEqual({ cm: 181 });
    expect(heightFromText('250', 'metric')).toEqual({ cm: 250 });
  });

  it.each([
    ['5 10', `Please enter height in the format like 5' 10".`],
    ['5ft 10in', `Please enter height in the format like 5' 10".`],
    [`10"`, `Please enter height in the format like 5' 10".`],
    [`0' 11"`, 'Feet value must be between 1 and 8.'],
    [`9' 2"`, 'Feet value must be between 1 and 8.'],
    [`5' 12"`, 'Inches value must be between 0 and 11.'],
    [`8' 3"`, 'Height must be between 11.8 and 98.4 inches.'],
  ])('ft/in %p → %p', (text, error) => expect(heightFromText(text, 'imperial')).toEqual({ error }));

  it(`reads 5' 10", 5'10, 6' and typographic quotes`, () => {
    expect(heightFromText(`5' 10"`, 'imperial')).toEqual({ cm: 178 });
    expect(heightFromText(`5'10`, 'imperial')).toEqual({ cm: 178 });
    expect(heightFromText(`6'`, 'imperial')).toEqual({ cm: 183 });
    expect(heightFromText('5’ 10”', 'imperial')).toEqual({ cm: 178 });
    expect(heightFromText(`1' 0"`, 'imperial')).toEqual({ cm: 30 });
    expect(parseFeetInches(`8' 2"`)).toEqual({ feet: 8, inches: 2 });
  });
});

describe('the profile page’s weights', () => {
  it('gives SPEC’s message in the member’s unit', () => {
    expect(weightFromText('29.9', 'metric', 'Current weight')).toEqual({ error: 'Current weight must be between 30 and 200 kg.' });
    expect(weightFromText('441', 'imperial', 'Current weight')).toEqual({ error: 'Current weight must be between 66.1 and 440.9 lbs.' });
    expect(weightFromText('66', 'imperial', 'Goal weight')).toEqual({ error: 'Goal weight must be between 66.1 and 440.9 lbs.' });
  });

  it('converts lbs to kg, never outside 30 to 200 kg at the edges', () => {
    expect(weightFromText('200', 'imperial', 'Current weight')).toEqual({ kg: 90.7 });
    expect(weightFromText('66.1', 'imperial', 'Current weight')).toEqual({ kg: 30 });
    expect(weightFromText('440.9', 'imperial', 'Current weight')).toEqual({ kg: 200 });
    expect(weightFromText('88,4', 'metric', 'Current weight')).toEqual({ kg: 88.4 });
  });

  it('shows stored figures in either system', () => {
    expect(heightText(181, 'imperial')).toBe(`5' 11"`);
    expect(weightText(88.4, 'imperial')).toBe('194.9');
    expect(formatHeight(183, 'metric')).toBe('183 cm');
    expect(formatWeight(90.7, 'imperial')).toBe('200 lbs');
  });
});

describe('checkProfilePage', () => {
  it('sends cm and kg, leaving the e-mail and password out when they did not change', () => {
    expect(checkProfilePage(VALID, 'metric', 'marcus@example.test')).toEqual({
      payload: { name: 'Marcus', surname: 'Aurelius', date_of_birth: '1980-04-26', height: 181, weight: 88.4, goal_weight: null, country: 'gb', city: 'London' },
    });
  });

  it('asks for the current password before a new e-mail or password is sent', () => {
    expect(checkProfilePage({ ...VALID, email: 'new@example.test' }, 'metric', 'marcus@example.test')).toEqual({
      errors: { current_password: 'Please enter your current password to change your e-mail or password.' },
    });
    const result = checkProfilePage({ ...VALID, password: 'Sturdy-Oak-2027!', current_password: 'old' }, 'metric', 'marcus@example.test');
    expect(result).toMatchObject({ payload: { password: 'Sturdy-Oak-2027!', current_password: 'old' } });
  });

  it('names every field that is wrong at once', () => {
    const result = checkProfilePage({ ...VALID, name: ' ', height: '20', weight: '500', password: 'short', email: 'nope' }, 'metric', 'marcus@example.test');
    expect(Object.keys('errors' in result ? result.errors : {}).sort()).toEqual(['current_password', 'email', 'height', 'name', 'password', 'weight']);
  });
});

describe('WHO-5 and the health history form', () => {
  it('scores five answers of 0–5 as 0–100 and refuses anything else', () => {
    expect(who5Score([5, 5, 5, 5, 5])).toBe(100);
    expect(who5Score([4, 3, 4, 1, 5])).toBe(68);
    expect(() => who5Score([5, 5, 5, 5])).toThrow(RangeError);
    expect(() => who5Score([6, 0, 0, 0, 0])).toThrow(RangeError);
  });

  it('is complete only when every field of the older form is filled, 0 hours counting as an answer', () => {
    const all = Object.fromEntries(HEALTH_HISTORY_FIELDS.map((f) => [f, 'x'])) as Record<(typeof HEALTH_HISTORY_FIELDS)[number], unknown>;
    expect(healthHistoryComplete({ ...all, daily_health_time: 0 })).toBe(true);
    expect(healthHistoryComplete({ ...all, health_conditions: '  ' })).toBe(false);
  });
});
