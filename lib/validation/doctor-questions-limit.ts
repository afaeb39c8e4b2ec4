/** The most the member may note for their doctor (the summary PDF prints it whole); without zod, for the form's first load. */
export const DOCTOR_QUESTIONS_MAX = 2000;
