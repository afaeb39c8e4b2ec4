import 'server-only';
import { env } from '@/lib/env';
import { noticeOnce } from '@/lib/operator-notice';

/** Where the browser loads the vendor's script from, and the licence it initialises it with. */
export type VendorConfig = { url: string; license: string };

/** The vendor scan SDK the pages hand the browser, when both its URL and licence are set; otherwise the built-in engine measures. */
export function vitalsVendor(): VendorConfig | null {
  if (env.VITALS_SDK_URL && env.VITALS_SDK_LICENSE) return { url: env.VITALS_SDK_URL, license: env.VITALS_SDK_LICENSE };
  if (env.VITALS_SDK_URL || env.VITALS_SDK_LICENSE) noticeOnce('vitals-sdk', 'the vendor scan SDK needs both VITALS_SDK_URL and VITALS_SDK_LICENSE; the built-in engine measures meanwhile.');
  return null;
}
