// Sunrise, sunset and day length by the algorithm of NOAA's Solar Calculator
// (https://gml.noaa.gov/grad/solcalc/calcdetails.html, after Meeus, "Astronomical Algorithms", ch. 25):
// the sun's declination and the equation of time from its apparent longitude, and the hour angle at a
// zenith of 90.833° (refraction and the sun's radius). Written here rather than taken from a package
// because it is this one function, pure and browser-safe; tests/unit/solar.test.ts holds it to the US
// Naval Observatory's published tables, to the minute, from the equator to 78° N.

export type SolarDay = {
  /** null when the sun does not rise or set that day (polar night or polar day). */
  sunrise: Date | null;
  sunset: Date | null;
  /** Hours the sun is above the horizon: 24 in polar day, 0 in polar night. */
  daylightHours: number;
};

const RAD = Math.PI / 180;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** cos(90.833°): the sun's upper limb on the horizon, with atmospheric refraction. */
const COS_ZENITH = Math.cos(90.833 * RAD);
/** The Julian day of 1970-01-01T00:00Z, and of the J2000.0 epoch. */
const JD_UNIX_EPOCH = 2_440_587.5;
const JD_J2000 = 2_451_545;

type Sun = { declination: number; eqTimeMinutes: number };

/** The sun's declination (radians) and the equation of time (minutes) at an instant. */
function sunAt(instantMs: number): Sun {
  const t = (instantMs / DAY_MS + JD_UNIX_EPOCH - JD_J2000) / 36_525;
  const meanLongitude = (280.46646 + t * (36_000.76983 + t * 0.0003032)) * RAD;
  const meanAnomaly = (357.52911 + t * (35_999.05029 - t * 0.0001537)) * RAD;
  const eccentricity = 0.016708634 - t * (0.000042037 + t * 0.0000001267);
  const centre =
    (Math.sin(meanAnomaly) * (1.914602 - t * (0.004817 + t * 0.000014)) +
      Math.sin(2 * meanAnomaly) * (0.019993 - t * 0.000101) +
      Math.sin(3 * meanAnomaly) * 0.000289) *
    RAD;
  const node = (125.04 - 1934.136 * t) * RAD;
  const apparentLongitude = meanLongitude + centre - (0.00569 + 0.00478 * Math.sin(node)) * RAD;
  const meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const obliquity = (meanObliquity + 0.00256 * Math.cos(node)) * RAD;
  const declination = Math.asin(Math.sin(obliquity) * Math.sin(apparentLongitude));
  const y = Math.tan(obliquity / 2) ** 2;
  const eqTimeRadians =
    y * Math.sin(2 * meanLongitude) -
    2 * eccentricity * Math.sin(meanAnomaly) +
    4 * eccentricity * y * Math.sin(meanAnomaly) * Math.cos(2 * meanLongitude) -
    0.5 * y * y * Math.sin(4 * meanLongitude) -
    1.25 * eccentricity * eccentricity * Math.sin(2 * meanAnomaly);
  return { declination, eqTimeMinutes: (4 * eqTimeRadians) / RAD };
}

/** cos of the sunrise hour angle: above 1 the sun stays below the horizon, below −1 it stays above. */
function cosHourAngle(latitude: number, declination: number): number {
  const phi = latitude * RAD;
  return COS_ZENITH / (Math.cos(phi) * Math.cos(declination)) - Math.tan(phi) * Math.tan(declination);
}

/** Minutes after 00:00 UTC of sunrise (`sign` 1) or sunset (`sign` −1) for this sun, or null. */
function eventMinutes(latitude: number, longitude: number, sun: Sun, sign: 1 | -1): number | null {
  const cosine = cosHourAngle(latitude, sun.declination);
  if (cosine > 1 || cosine < -1) return null;
  const hourAngleDegrees = Math.acos(cosine) / RAD;
  return 720 - 4 * (longitude + sign * hourAngleDegrees) - sun.eqTimeMinutes;
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
  const at = (minutes: number) => midnight + minutes * MINUTE_MS;

  // Solar noon: mean noon at this longitude, moved by the equation of time.
  const meanNoon = 720 - 4 * longitude;
  const noonSun = sunAt(at(meanNoon - sunAt(at(meanNoon)).eqTimeMinutes));
  const cosine = cosHourAngle(latitude, noonSun.declination);
  if (cosine > 1) return { sunrise: null, sunset: null, daylightHours: 0 };
  if (cosine < -1) return { sunrise: null, sunset: null, daylightHours: 24 };

  // Each event again with the sun where it is at that moment: the declination moves up to 0.4° a day,
  // worth minutes at high latitudes. Two rounds settle it to seconds.
  const event = (sign: 1 | -1): number => {
    let minutes = eventMinutes(latitude, longitude, noonSun, sign) as number;
    for (let round = 0; round < 2; round++) minutes = eventMinutes(latitude, longitude, sunAt(at(minutes)), sign) ?? minutes;
    return minutes;
  };
  const sunrise = new Date(Math.round(at(event(1))));
  const sunset = new Date(Math.round(at(event(-1))));
  const daylightHours = Math.min(24, Math.max(0, (sunset.getTime() - sunrise.getTime()) / 3_600_000));
  return { sunrise, sunset, daylightHours };
}

/** "07:42": the UTC time of day of an instant, to the minute (rounded). */
export function utcClock(instant: Date): string {
  const rounded = new Date(Math.round(instant.getTime() / MINUTE_MS) * MINUTE_MS);
  return rounded.toISOString().slice(11, 16);
}
