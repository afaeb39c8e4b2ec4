import type { VendorMeasurement } from '@/lib/client/scan-vendor-sdk';
import type { ScanMeasurement } from '@/lib/scan-engine/types';
import { outsideRestingRate } from '@/lib/validation/resting-rate';

/** Whether a confident result's heart rate is outside a seated man's resting range, so the member must confirm it before it is saved. */
export const rateNeedsConfirming = (result: ScanMeasurement | VendorMeasurement | null) =>
  result?.confident === true && result.heartRateBpm !== null && outsideRestingRate(result.heartRateBpm);

/**
 * A confident result as SPEC §3's measurement fields (POST /api/update_shen_ai, /api/weekly_checkin); an
 * unsure one gives none, nor does a rate outside the resting range the member has not confirmed.
 */
export function measurementFields(result: ScanMeasurement | VendorMeasurement | null, confirmed = false) {
  if (!result?.confident || result.heartRateBpm === null) return {};
  const confirming = rateNeedsConfirming(result);
  if (confirming && !confirmed) return {};
  // What only a vendor engine measures; the built-in one leaves these out (null in the record).
  const vendor = result as VendorMeasurement;
  const extra = 'systolicBpMmhg' in vendor || 'stressIndex' in vendor;
  return {
    ...(extra
      ? {
          systolic_blood_pressure_mmhg: vendor.systolicBpMmhg ?? null,
          diastolic_blood_pressure_mmhg: vendor.diastolicBpMmhg ?? null,
          blood_pressure_source: vendor.systolicBpMmhg != null ? ('camera' as const) : null,
          cardiac_workload_mmhg_per_sec: vendor.cardiacWorkloadMmhgPerSec ?? null,
          stress_index: vendor.stressIndex ?? null,
          parasympathetic_activity: vendor.parasympatheticActivity ?? null,
        }
      : {}),
    heart_rate_bpm: result.heartRateBpm,
    hrv_sdnn_ms: result.hrvSdnnMs,
    hrv_lnrmssd_ms: result.hrvLnrmssdMs,
    breathing_rate_bpm: result.breathingRateBpm,
    average_signal_quality: result.signalQuality,
    ...(confirming ? { heart_rate_confirmed: true } : {}),
    engine: extra ? 'vendor' : 'builtin',
  };
}
