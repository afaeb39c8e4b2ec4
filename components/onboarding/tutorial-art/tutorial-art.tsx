import type { ComponentType } from 'react';
import type { TutorialArt as Art } from '@/lib/onboarding/tutorial';
import { BreatheArt } from './breathe-art';
import { FrameArt } from './frame-art';
import { LightArt } from './light-art';
import { MeasureArt } from './measure-art';
import { PrivacyArt } from './privacy-art';
import styles from './tutorial-art.module.css';

const ART: Record<Art, ComponentType> = {
  light: LightArt,
  frame: FrameArt,
  breathe: BreatheArt,
  measure: MeasureArt,
  privacy: PrivacyArt,
};

/** A slide's drawing; it animates only while `playing` (the slide is shown) and motion is welcome. */
export function TutorialArt({ art, playing }: { art: Art; playing: boolean }) {
  const Drawing = ART[art];
  return (
    <div className={`rounded-card bg-brand-50 p-6 ${playing ? styles.play : ''}`}>
      <Drawing />
    </div>
  );
}
