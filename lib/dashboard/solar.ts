// Sunrise, sunset and day length from NOAA's "General Solar Position Calculations"
// (NOAA Global Monitoring Laboratory, https://gml.noaa.gov/grad/solcalc/solareqns.PDF): the fractional
// year, the equation of time and the solar declination as Fourier series, and the hour angle at a
// zenith of 90.833° (refraction and the sun's radius). Pure and browser-safe; good to about a minute
// away from the polar circles.

export type SolarDay = {
  /** null when the sun does not rise or set that day (polar night or polar day). */
  sunrise: Date | null;
  sunset: Date | null;
  /** Hours the sun is above the horizon: 24 in polar day, 0 in polar night. */
  daylightHours: number;
};

const RAD = Math.PI / 180;
const MINUTE_MS = 60_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** cos(90.833°): the sun's upper limb on the horizon, with atmospheric refraction. */
const COS_ZENITH = Math.cos(90.833 * RAD);

type Position = { eqTimeMinutes: number; declination: number };

/** NOAA's fractional year γ (radians) at `minutes` after 00:00 UTC of the `dayOfYear`-th day. */
function fractionalYear(dayOfYear: number, minutes: number, daysInYear: number): number {
  return ((2 * Math.PI) / daysInYear) * (dayOfYear - 1 + (minutes / 60 - 12) / 24);
}

function sunPosition(gamma: number): Position {
  const eqTimeMinutes =
    229.18 * (0.000075 + 0.001868 * Math.cos(gamma) - 0.032077 * Math.sin(gamma) - 0.014615 * Math.cos(2 * gamma) - 0.040849 * Math.sin(2 * gamma));
  const declination =
    0.006918 -
    0.399912 * Math.cos(gamma) +
    0.070257 * Math.sin(gamma) -
    0.006758 * Math.cos(2 * gamma) +
    0.000907 * Math.sin(2 * gamma) -
    0.002697 * Math.cos(3 * gamma) +
    0.00148 * Math.sin(3 * gamma);
  return { eqTimeMinutes, declination };
}

/** cos of the sunrise hour angle: above 1 the sun stays below the horizon, below −1 it stays above. */
function cosHourAngle(latitude: number, declination: number): number {
  const phi = latitude * RAD;
  return COS_ZENITH / (Math.cos(phi) * Math.cos(declination)) - Math.tan(phi) * Math.tan(declination);
}

/** Minutes after 00:00 UTC of sunrise (`sign` 1) or sunset (`sign` −1) for this sun position, or null. */
function eventMinutes(latitude: number, longitude: number, position: Position, sign: 1 | -1): number | null {
  const cosine = cosHourAngle(latitude, position.declination);
  if (cosine > 1 || cosine < -1) return null;
  const hourAngleDegrees = Math.acos(cosine) / RAD;
  return 720 - 4 * (longitude + sign * hourAngleDegrees) - position.eqTimeMinutes;
}

/**
 * Sunrise, sunset and hours of daylight at a position (degrees; longitude positive east) on a UTC day
 * (YYYY-MM-DD). The events are those around that day's solar noon, so far from Greenwich one of them
 * may fall on the UTC day before or after.
 */
export function solarDay(latitude: number, longitude: number, day: string): SolarDay {
  const match = DAY_PATTERN.exec(day);
  if (!match || !Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new RangeError('solarDay needs a YYYY-MM-DD day, a latitude within ±90° and a longitude within ±180°.');
  }
  const midnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const year = new Date(midnight).getUTCFullYear();
  const dayOfYear = Math.round((midnight - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
  const daysInYear = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;

  // Solar noon first; then each event again with the sun's position at its own time, which the
  // Fourier series allow (NOAA evaluates γ at any hour) and which is worth up to a minute near the solstices.
  const noonMinutes = 720 - 4 * longitude;
  const atNoon = sunPosition(fractionalYear(dayOfYear, noonMinutes, daysInYear));
  const cosine = cosHourAngle(latitude, atNoon.declination);
  if (cosine > 1) return { sunrise: null, sunset: null, daylightHours: 0 };
  if (cosine < -1) return { sunrise: null, sunset: null, daylightHours: 24 };

  const refine = (sign: 1 | -1): number => {
    const first = eventMinutes(latitude, longitude, atNoon, sign) as number;
    return eventMinutes(latitude, longitude, sunPosition(fractionalYear(dayOfYear, first, daysInYear)), sign) ?? first;
  };
  const sunrise = new Date(midnight + Math.round(refine(1) * MINUTE_MS));
  const sunset = new Date(midnight + Math.round(refine(-1) * MINUTE_MS));
  const daylightHours = Math.min(24, Math.max(0, (sunset.getTime() - sunrise.getTime()) / 3_600_000));
  return { sunrise, sunset, daylightHours };
}

/** "07:42": the UTC time of day of an instant, to the minute (rounded). */
export function utcClock(instant: Date): string {
  const rounded = new Date(Math.round(instant.getTime() / MINUTE_MS) * MINUTE_MS);
  return rounded.toISOString().slice(11, 16);
}
