import type { VendorMeasurement } from '@/lib/client/scan-vendor-sdk';
import type { ScanMeasurement } from '@/lib/scan-engine/types';

/** A confident result as SPEC §3's measurement fields (POST /api/update_shen_ai, /api/weekly_checkin); an unsure one gives none. */
export function measurementFields(result: ScanMeasurement | VendorMeasurement | null) {
  if (!result?.confident || result.heartRateBpm === null) return {};
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
    engine: extra ? 'vendor' : 'builtin',
  };
}
