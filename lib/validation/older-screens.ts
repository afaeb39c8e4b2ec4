// The /instructions screen's text (SPEC §2), kept apart from the schemas in ./onboarding.ts so that its
// light form can show it without bringing zod to the browser.
export const INSTRUCTIONS_MESSAGE = 'You must confirm that you have read the instructions to proceed.';
