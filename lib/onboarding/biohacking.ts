import { BiohackingExperience } from '@/lib/generated/prisma/enums';
import type { BIOHACKING_LABELS } from '@/lib/validation/onboarding';

type Label = (typeof BIOHACKING_LABELS)[number];

const BY_LABEL: Record<Label, BiohackingExperience> = {
  'Just getting started': BiohackingExperience.JUST_GETTING_STARTED,
  'Becoming aware': BiohackingExperience.BECOMING_AWARE,
  'Taking action': BiohackingExperience.TAKING_ACTION,
  'Medically managed': BiohackingExperience.MEDICALLY_MANAGED,
};

export function biohackingFromLabel(label: Label): BiohackingExperience {
  return BY_LABEL[label];
}

export function biohackingToLabel(value: BiohackingExperience | null): Label | null {
  return (Object.keys(BY_LABEL) as Label[]).find((label) => BY_LABEL[label] === value) ?? null;
}
