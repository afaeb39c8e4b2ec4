import type { ReactNode, Ref } from 'react';
import { Spinner } from '@/components/ui/spinner';

/**
 * The camera preview with the oval the face goes in, and while the camera starts a spinner over it.
 * The weekly check-in shows it starting before the scan's code has loaded, so its first HTML is the same.
 */
export function CameraFrame({ videoRef, starting }: { videoRef?: Ref<HTMLVideoElement>; starting: boolean }) {
  return (
    <div className="relative mx-auto aspect-[4/3] w-full max-w-md overflow-hidden rounded-card bg-neutral-900">
      <video ref={videoRef} playsInline muted className="size-full -scale-x-100 object-cover" aria-label="Camera preview" />
      {/* The oval guide: the face goes inside it (the engine reads the forehead and cheeks within). */}
      <svg viewBox="0 0 400 300" className="pointer-events-none absolute inset-0 size-full" aria-hidden>
        <defs>
          <mask id="face-oval">
            <rect width="400" height="300" fill="white" />
            <ellipse cx="200" cy="150" rx="82" ry="114" fill="black" />
          </mask>
        </defs>
        <rect width="400" height="300" fill="rgba(15, 23, 42, 0.45)" mask="url(#face-oval)" />
        <ellipse cx="200" cy="150" rx="82" ry="114" fill="none" stroke="white" strokeWidth="2.5" strokeDasharray="6 5" />
      </svg>
      {starting ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white">
          <Spinner label="Starting the camera" className="size-7" />
          <span className="text-sm font-medium">Starting the camera…</span>
        </div>
      ) : null}
    </div>
  );
}

/**
 * What takes the camera's place when it cannot start (none, refused, in use): the frame's own size, so the
 * form below stays where it was (on a computer with no camera the page would otherwise jump up).
 */
export function CameraFrameSpace({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex aspect-[4/3] w-full max-w-md flex-col items-start justify-center gap-3 rounded-card border border-neutral-200 bg-neutral-50 p-6">{children}</div>;
}
