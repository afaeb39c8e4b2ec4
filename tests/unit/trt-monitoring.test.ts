import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { addDays } from '@/lib/days';
import { actionsOf, checkText, haematocritText } from '@/lib/medications/trt-actions';
import { addMonths, coursesOf, trtMonitoring, type MonitoringResult, type TrtCheck, type TrtCourse } from '@/lib/medications/trt-monitoring';

// The Endocrine Society's monitoring of testosterone therapy (lib/medications/trt-monitoring.ts) on exact days:
// checks at 3–6 months, 12 months and each year after, met by results dated in their windows; and the
// haematocrit above 54 %. Then what must hold for any course, any results and any day, drawn by fast-check.

const SETTINGS = { numRuns: Number(process.env.RUNS ?? 200), seed: Number(process.env.SEED ?? 20261207) } as const;

const running = (startedOn: string): TrtCourse => ({ startedOn, stoppedOn: null });
const result = (marker: string, takenOn: string, value = 1, unit = 'ng/mL', comparator: string | null = null): MonitoringResult => ({ marker, value, unit, comparator, takenOn });
/** The three markers on one day: a blood test that meets a check. */
const bloodTest = (takenOn: string) => [result('total_testosterone', takenOn, 600, 'ng/dL'), result('haematocrit', takenOn, 47, '%'), result('psa', takenOn, 0.8)];
const windows = (checks: readonly TrtCheck[]) => checks.map(({ number, opens, due, closes, status }) => ({ number, opens, due, closes, status }));

describe('addMonths', () => {
  it('adds calendar months, a day past the month’s end falling back to its last day', () => {
    expect(addMonths('2026-12-05', 6)).toBe('2027-06-05');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-31', 0)).toBe('2026-03-31');
  });
});

describe('trtMonitoring', () => {
  const start = '2026-12-05';

  it('has nothing to ask before therapy starts, and the first check to come once it has', () => {
    expect(trtMonitoring([], bloodTest('2027-05-01'), '2027-05-01')).toEqual({ checks: [], haematocrit: null });
    expect(windows(trtMonitoring([running(start)], [], '2027-03-01').checks)).toEqual([{ number: 1, opens: '2027-03-05', due: '2027-06-05', closes: '2027-09-04', status: 'upcoming' }]);
  });

  it('dates the checks at 3–6 months, 12 months, then each year, each window running until the next opens', () => {
    const { checks } = trtMonitoring([running(start)], [], '2028-10-01');
    expect(windows(checks)).toEqual([
      { number: 1, opens: '2027-03-05', due: '2027-06-05', closes: '2027-09-04', status: 'missed' },
      { number: 2, opens: '2027-09-05', due: '2027-12-05', closes: '2028-09-04', status: 'missed' },
      { number: 3, opens: '2028-09-05', due: '2028-12-05', closes: '2029-09-04', status: 'due' },
      { number: 4, opens: '2029-09-05', due: '2029-12-05', closes: '2030-09-04', status: 'upcoming' },
    ]);
    expect(checks.map((check) => check.dueMonths)).toEqual([6, 12, 24, 36]);
  });

  it('meets a check once each marker has a result in its window, a late one included; not with one before it opens', () => {
    const early = trtMonitoring([running(start)], bloodTest('2027-03-04'), '2027-05-20').checks;
    expect(early.map((check) => check.status)).toEqual(['due', 'upcoming']);
    const inTime = trtMonitoring([running(start)], bloodTest('2027-05-10'), '2027-05-20').checks;
    expect(inTime[0]).toMatchObject({ status: 'met', results: { testosterone: '2027-05-10', haematocrit: '2027-05-10', psa: '2027-05-10' } });
    const late = trtMonitoring([running(start)], bloodTest('2027-07-01'), '2027-07-02').checks;
    expect(late[0]?.status).toBe('met');
    // Free testosterone counts as testosterone.
    const free = trtMonitoring([running(start)], [result('free_testosterone', '2027-05-10', 90, 'pg/mL'), result('haematocrit', '2027-05-10', 0.47, 'L/L'), result('psa', '2027-05-11', 0.5)], '2027-05-20').checks;
    expect(free[0]?.status).toBe('met');
  });

  it('says a check is due, then overdue past its day, then missed once the next one opens', () => {
    const statusOn = (today: string) => trtMonitoring([running(start)], [], today).checks[0]?.status;
    expect([statusOn('2027-03-04'), statusOn('2027-03-05'), statusOn('2027-06-05'), statusOn('2027-06-06'), statusOn('2027-09-04'), statusOn('2027-09-05')]).toEqual(['upcoming', 'due', 'due', 'overdue', 'overdue', 'missed']);
  });

  it('keeps the PSA asked for while testosterone and haematocrit are in', () => {
    const [check] = trtMonitoring([running(start)], bloodTest('2027-05-10').slice(0, 2), '2027-05-20').checks;
    expect(check).toMatchObject({ status: 'due', results: { testosterone: '2027-05-10', haematocrit: '2027-05-10', psa: null } });
    expect(checkText(check!)).toBe('Blood test for TRT monitoring: PSA, due 3–6 months after starting (by 5 Jun 2027). Your testosterone and haematocrit results are in.');
  });

  it('drops the checks that open after therapy stopped, and asks for none when it stopped before the first', () => {
    expect(trtMonitoring([{ startedOn: start, stoppedOn: '2027-03-04' }], [], '2028-01-01').checks).toEqual([]);
    expect(windows(trtMonitoring([{ startedOn: start, stoppedOn: '2027-04-01' }], [], '2027-05-01').checks)).toEqual([{ number: 1, opens: '2027-03-05', due: '2027-06-05', closes: '2027-09-04', status: 'due' }]);
    // Stopped on the day the 12-month window opened: that check stays, nothing after it.
    expect(trtMonitoring([{ startedOn: start, stoppedOn: '2027-09-05' }], [], '2027-10-01').checks.map((check) => check.number)).toEqual([1, 2]);
  });

  it('follows one schedule across a change of preparation, and a new one after a break, the first course’s last window ending as the second starts', () => {
    const gelThenInjections = [{ startedOn: '2026-01-10', stoppedOn: '2026-06-30' }, { startedOn: '2026-07-01', stoppedOn: null }];
    expect(coursesOf(gelThenInjections)).toEqual([{ startedOn: '2026-01-10', stoppedOn: null }]);
    expect(trtMonitoring(gelThenInjections, [], '2026-05-01').checks.map((check) => check.opens)).toEqual(['2026-04-10', '2026-10-10']);

    const withBreak = [{ startedOn: '2026-01-10', stoppedOn: '2026-10-20' }, { startedOn: '2027-01-05', stoppedOn: null }];
    const checks = trtMonitoring(withBreak, [], '2027-02-01').checks;
    expect(checks.map(({ courseStartedOn, number, opens, closes }) => [courseStartedOn, number, opens, closes])).toEqual([
      ['2026-01-10', 1, '2026-04-10', '2026-10-09'],
      ['2026-01-10', 2, '2026-10-10', '2027-01-04'],
      ['2027-01-05', 1, '2027-04-05', '2027-10-04'],
    ]);
  });

  it('counts from the last day of a short month as the calendar does', () => {
    const checks = trtMonitoring([running('2026-08-31')], [], '2027-06-01').checks;
    expect(windows(checks)).toEqual([
      { number: 1, opens: '2026-11-30', due: '2027-02-28', closes: '2027-05-30', status: 'missed' },
      { number: 2, opens: '2027-05-31', due: '2027-08-31', closes: '2028-05-30', status: 'due' },
      { number: 3, opens: '2028-05-31', due: '2028-08-31', closes: '2029-05-30', status: 'upcoming' },
    ]);
  });
});

describe('the haematocrit above 54 %', () => {
  const on = [running('2026-12-05')];
  const flagOf = (...results: MonitoringResult[]) => trtMonitoring(on, results, '2027-06-01').haematocrit;

  it('is raised by the latest haematocrit since therapy began, in % or L/L, and not at 54 % itself', () => {
    expect(flagOf(result('haematocrit', '2027-05-10', 0.56, 'L/L'))).toEqual({ takenOn: '2027-05-10', percent: 56, value: 0.56, unit: 'L/L', comparator: null });
    expect(flagOf(result('haematocrit', '2027-05-10', 54.6, '%'))?.percent).toBe(54.6);
    expect(flagOf(result('haematocrit', '2027-05-10', 54, '%'))).toBeNull();
    // 0.54 × 100 is 54.000000000000007 in floating point: still 54.
    expect(flagOf(result('haematocrit', '2027-05-10', 0.54, 'L/L'))).toBeNull();
  });

  it('reads a bound as the lab gave it, and only the latest result', () => {
    expect(flagOf(result('haematocrit', '2027-05-10', 54, '%', '>'))?.comparator).toBe('>');
    expect(flagOf(result('haematocrit', '2027-05-10', 54, '%', '>='))).toBeNull();
    expect(flagOf(result('haematocrit', '2027-05-10', 60, '%', '<'))).toBeNull();
    expect(flagOf(result('haematocrit', '2027-03-10', 56, '%'), result('haematocrit', '2027-05-10', 49, '%'))).toBeNull();
    expect(flagOf(result('haematocrit', '2027-03-10', 49, '%'), result('haematocrit', '2027-05-10', 55, '%'))?.takenOn).toBe('2027-05-10');
  });

  it('is no part of a result from before therapy began, or of a member not on it', () => {
    expect(flagOf(result('haematocrit', '2026-11-01', 56, '%'))).toBeNull();
    expect(trtMonitoring([], [result('haematocrit', '2027-05-10', 56, '%')], '2027-06-01').haematocrit).toBeNull();
  });
});

describe('My actions’ words', () => {
  it('name the markers, when the check is due and the day to test by, in en-GB and plain words', () => {
    const monitoring = trtMonitoring([running('2026-12-05')], [result('haematocrit', '2027-04-02', 0.55, 'L/L')], '2027-04-10');
    expect(actionsOf(monitoring)).toEqual([
      {
        key: 'trt-haematocrit-2027-04-02',
        kind: 'see_doctor',
        status: 'see_doctor',
        text: 'Speak to your doctor about your haematocrit: it was 55 % on 2 Apr 2027, above the 54 % at which the Endocrine Society’s guideline asks for testosterone therapy to be reviewed.',
        date: '2027-04-02',
      },
      {
        key: 'trt-check-2026-12-05-1',
        kind: 'blood_test',
        status: 'due',
        text: 'Blood test for TRT monitoring: testosterone and PSA, due 3–6 months after starting (by 5 Jun 2027). Your haematocrit result is in.',
        date: '2027-06-05',
      },
      {
        key: 'trt-check-2026-12-05-2',
        kind: 'blood_test',
        status: 'upcoming',
        text: 'Blood test for TRT monitoring: testosterone, haematocrit and PSA, due 12 months after starting (from 5 Sept 2027, by 5 Dec 2027).',
        date: '2027-12-05',
      },
    ]);
  });

  it('say when a check is overdue, name the yearly ones by their year, and leave met and missed checks out', () => {
    const overdue = trtMonitoring([running('2026-12-05')], [], '2027-07-01').checks[0]!;
    expect(checkText(overdue)).toBe('Blood test for TRT monitoring: testosterone, haematocrit and PSA, due 3–6 months after starting (by 5 Jun 2027, now overdue).');
    const later = trtMonitoring([running('2026-12-05')], bloodTest('2027-11-20'), '2028-10-01');
    expect(actionsOf(later).map((action) => action.text)).toEqual([
      'Blood test for TRT monitoring: testosterone, haematocrit and PSA, due 2 years after starting (by 5 Dec 2028).',
      'Blood test for TRT monitoring: testosterone, haematocrit and PSA, due 3 years after starting (from 5 Sept 2029, by 5 Dec 2029).',
    ]);
    expect(haematocritText({ takenOn: '2027-05-10', percent: 54.5, value: 54.5, unit: '%', comparator: '>' })).toContain('it was above 54.5 % on 10 May 2027');
  });
});

// ───────────────────────────── properties ─────────────────────────────

const EPOCH = '2020-01-01';
/** A day within about 12 years of 2020. */
const dayArb = (from = 0, to = 4400) => fc.integer({ min: from, max: to }).map((n) => addDays(EPOCH, n));
const MARKERS = ['total_testosterone', 'free_testosterone', 'haematocrit', 'psa', 'tsh'] as const;
const resultArb = fc.record({ marker: fc.constantFrom(...MARKERS), takenOn: dayArb(), value: fc.double({ min: 0.1, max: 80, noNaN: true }), unit: fc.constantFrom('%', 'L/L', 'ng/mL'), comparator: fc.constantFrom(null, '<', '>') });
const courseArb = fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.option(fc.integer({ min: 0, max: 1500 }), { nil: null })).map(([start, length]) => ({ startedOn: addDays(EPOCH, start), stoppedOn: length === null ? null : addDays(EPOCH, start + length) }));
const coursesArb = fc.array(courseArb, { minLength: 1, maxLength: 3 });
const inAnyWindow = (checks: readonly TrtCheck[], day: string) => checks.some((check) => day >= check.opens && day <= check.closes);

describe('trtMonitoring, whatever the courses, results and day', () => {
  it('is never met by a result added outside every window', () => {
    fc.assert(
      fc.property(coursesArb, fc.array(resultArb, { maxLength: 12 }), dayArb(), dayArb(), fc.constantFrom(...MARKERS), (courses, results, today, outside, marker) => {
        const before = trtMonitoring(courses, results, today).checks;
        fc.pre(!inAnyWindow(before, outside));
        expect(trtMonitoring(courses, [...results, result(marker, outside, 47, '%')], today).checks).toEqual(before);
      }),
      SETTINGS,
    );
  });

  it('drops, when therapy stops, exactly the checks whose window opens after the stop', () => {
    fc.assert(
      fc.property(dayArb(0, 2000), fc.integer({ min: 0, max: 2400 }), fc.integer({ min: 0, max: 2400 }), fc.array(resultArb, { maxLength: 12 }), (startedOn, stopAfter, todayAfter, results) => {
        const stoppedOn = addDays(startedOn, stopAfter);
        const today = addDays(startedOn, Math.max(stopAfter, todayAfter));
        const ongoing = trtMonitoring([{ startedOn, stoppedOn: null }], results, today).checks;
        const stopped = trtMonitoring([{ startedOn, stoppedOn }], results, today).checks;
        expect(stopped).toEqual(ongoing.filter((check) => check.opens <= stoppedOn));
      }),
      SETTINGS,
    );
  });

  it('lays each course’s windows end to end, each opening three months before it is due, and meets a check only with all three markers inside it', () => {
    fc.assert(
      fc.property(coursesArb, fc.array(resultArb, { maxLength: 20 }), dayArb(), (courses, results, today) => {
        const { checks } = trtMonitoring(courses, results, today);
        for (const [i, check] of checks.entries()) {
          expect(addMonths(check.opens, 3) <= check.due && check.due <= check.closes).toBe(true);
          const next = checks[i + 1];
          if (next && next.courseStartedOn === check.courseStartedOn) expect(next.opens).toBe(addDays(check.closes, 1));
          const has = (keys: readonly string[]) => results.some((r) => keys.includes(r.marker) && r.takenOn >= check.opens && r.takenOn <= check.closes);
          expect(check.status === 'met').toBe(has(['total_testosterone', 'free_testosterone']) && has(['haematocrit']) && has(['psa']));
        }
      }),
      SETTINGS,
    );
  });

  it('does not depend on the order the entries and results come in', () => {
    fc.assert(
      fc.property(coursesArb, fc.array(resultArb, { maxLength: 12 }), dayArb(), (courses, results, today) => {
        expect(trtMonitoring([...courses].reverse(), [...results].reverse(), today).checks).toEqual(trtMonitoring(courses, results, today).checks);
      }),
      SETTINGS,
    );
  });
});
