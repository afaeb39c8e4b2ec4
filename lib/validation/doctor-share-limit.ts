/** The longest name a member may give a share link; without zod, for the form. */
export const DOCTOR_SHARE_LABEL_MAX = 60;
