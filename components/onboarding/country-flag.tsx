import Image from 'next/image';
import { countryFlagPath } from '@/lib/locations';

/** A country's 3:2 SVG flag from public/flags; `alt` empty where the name is written beside it. */
export function CountryFlag({ code, alt = '', size = 'md' }: { code: string; alt?: string; size?: 'sm' | 'md' }) {
  const [width, height] = size === 'sm' ? [21, 14] : [24, 16];
  return (
    <Image
      src={countryFlagPath(code)}
      alt={alt}
      width={width}
      height={height}
      // SVGs are served as they are; the optimiser would only rasterise them.
      unoptimized
      className="shrink-0 rounded-[3px] object-cover shadow-[0_0_0_1px_rgb(0_0_0/0.08)]"
    />
  );
}
