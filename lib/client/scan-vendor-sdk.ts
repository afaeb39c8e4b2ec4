import { loadScript } from './load-script';
import type { LiveState, ScanMeasurement } from '@/lib/scan-engine/types';
import type { VendorConfig } from '@/lib/scans/vendor-sdk';

// The seam for a vendor vital-signs SDK (the spec's product used one, loaded with a licence key). When
// VITALS_SDK_URL and VITALS_SDK_LICENSE are set, the scan screens load the script and measure through it
// instead of the built-in engine; the script must put this interface on `window.VitalsVendorSdk`
// (an adapter script around the vendor's own API). It may measure more than a camera-only engine:
// blood pressure, cardiac workload, stress index, parasympathetic activity.

export type { VendorConfig };

export type VendorMeasurement = ScanMeasurement & {
  systolicBpMmhg?: number | null;
  diastolicBpMmhg?: number | null;
  cardiacWorkloadMmhgPerSec?: number | null;
  stressIndex?: number | null;
  parasympatheticActivity?: number | null;
};

export type VendorSdk = {
  /** The vendor's name, as the licence error names it. */
  name: string;
  initialize(license: string): Promise<{ ok: true } | { ok: false; code: string }>;
  measure(video: HTMLVideoElement, options: { durationMs: number; onProgress: (live: LiveState) => void; signal: AbortSignal }): Promise<VendorMeasurement>;
};

declare global {
  interface Window {
    VitalsVendorSdk?: VendorSdk;
  }
}

/** SPEC §8: '<scan vendor> license error: {code}'. */
export const licenseErrorMessage = (vendor: string, code: string) => `${vendor} license error: ${code}`;

/** The vendor's licence was refused: the scan cannot run. */
export class VendorLicenseError extends Error {
  constructor(
    readonly vendor: string,
    readonly code: string,
  ) {
    super(licenseErrorMessage(vendor, code));
    this.name = 'VendorLicenseError';
  }
}

/** Loads the vendor's script once and initialises it with the licence; throws VendorLicenseError when refused. */
export async function loadVendorSdk({ url, license }: VendorConfig): Promise<VendorSdk> {
  await loadScript(url);
  const sdk = window.VitalsVendorSdk;
  if (!sdk || typeof sdk.initialize !== 'function' || typeof sdk.measure !== 'function') throw new Error('The vendor script did not provide window.VitalsVendorSdk');
  const outcome = await sdk.initialize(license);
  if (!outcome.ok) throw new VendorLicenseError(sdk.name, outcome.code);
  return sdk;
}
