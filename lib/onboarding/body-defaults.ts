// SPEC §9's starting values for the height and weight steps, used when nothing is saved yet.
export const DEFAULT_HEIGHT_CM = 175;
export const DEFAULT_CURRENT_WEIGHT_KG = 95;
export const DEFAULT_DESIRED_WEIGHT_KG = 80;
