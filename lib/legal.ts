/** The external Terms and Conditions page that the terms step links to (opened in a new tab). */
export const TERMS_URL = 'https://vitality.example/terms';
