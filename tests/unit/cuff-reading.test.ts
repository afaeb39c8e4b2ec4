import { describe, expect, it } from '@jest/globals';
import { CUFF_MESSAGES, cuffFormErrors } from '@/lib/validation/cuff-reading';

// The weekly check-in's cuff form, checked in the browser without zod: the same messages, one per field.
describe('cuffFormErrors', () => {
  it('accepts both numbers in range, systolic above diastolic, or neither', () => {
    expect(cuffFormErrors({ systolic: ' 126 ', diastolic: '82' })).toEqual({});
    expect(cuffFormErrors({ systolic: '', diastolic: '  ' })).toEqual({});
    expect(cuffFormErrors({ systolic: '70', diastolic: '40' })).toEqual({});
    expect(cuffFormErrors({ systolic: '250', diastolic: '150' })).toEqual({});
  });

  it('asks for both numbers when one is missing', () => {
    expect(cuffFormErrors({ systolic: '120', diastolic: '' })).toEqual({ diastolic: CUFF_MESSAGES.both });
    expect(cuffFormErrors({ systolic: '', diastolic: '80' })).toEqual({ diastolic: CUFF_MESSAGES.both });
    expect(cuffFormErrors({ systolic: '20', diastolic: '' })).toEqual({ systolic: CUFF_MESSAGES.systolic, diastolic: CUFF_MESSAGES.both });
  });

  it('refuses numbers out of range or not whole', () => {
    expect(cuffFormErrors({ systolic: '69', diastolic: '151' })).toEqual({ systolic: CUFF_MESSAGES.systolic, diastolic: CUFF_MESSAGES.diastolic });
    expect(cuffFormErrors({ systolic: '120.5', diastolic: '39' })).toEqual({ systolic: CUFF_MESSAGES.systolic, diastolic: CUFF_MESSAGES.diastolic });
    expect(cuffFormErrors({ systolic: 'abc', diastolic: '80' })).toEqual({ systolic: CUFF_MESSAGES.systolic });
  });

  it('wants systolic above diastolic, the range message first', () => {
    expect(cuffFormErrors({ systolic: '90', diastolic: '90' })).toEqual({ systolic: CUFF_MESSAGES.order });
    expect(cuffFormErrors({ systolic: '80', diastolic: '100' })).toEqual({ systolic: CUFF_MESSAGES.order });
    expect(cuffFormErrors({ systolic: '120', diastolic: 'x' })).toEqual({ systolic: CUFF_MESSAGES.order, diastolic: CUFF_MESSAGES.diastolic });
    expect(cuffFormErrors({ systolic: '300', diastolic: '100' })).toEqual({ systolic: CUFF_MESSAGES.systolic });
  });
});
