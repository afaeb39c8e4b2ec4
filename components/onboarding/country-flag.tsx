import { countryFlagPath } from '@/lib/onboarding/locations';

/**
 * A country's 3:2 SVG flag from public/flags; `alt` empty where the name is written beside it. A plain
 * <img>: a vector needs none of next/image's resizing, and its JavaScript (about 5 kB gzipped) would load
 * with every form that offers countries.
 */
export function CountryFlag({ code, alt = '', size = 'md' }: { code: string; alt?: string; size?: 'sm' | 'md' }) {
  const [width, height] = size === 'sm' ? [21, 14] : [24, 16];
  return (
    // eslint-disable-next-line @next/next/no-img-element -- an SVG: nothing for the image optimiser to do
    <img
      src={countryFlagPath(code)}
      alt={alt}
      width={width}
      height={height}
      // As next/image did: the long country list fetches only the flags scrolled into view.
      loading="lazy"
      decoding="async"
      className="shrink-0 rounded-[3px] object-cover shadow-[0_0_0_1px_rgb(0_0_0/0.08)]"
    />
  );
}
