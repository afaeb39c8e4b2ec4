// The Vitality mark. A vector file needs none of next/image's resizing, and a plain <img> keeps the
// image component's JavaScript (about 5 kB gzipped) out of every page that shows only the logo.
export function Logo({ size = 32, alt = '', className }: { size?: number; alt?: string; className?: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- an SVG: nothing for the image optimiser to do
  return <img src="/logo.svg" alt={alt} width={size} height={size} className={className} />;
}
