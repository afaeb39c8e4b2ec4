// The e2e server's OpenAI settings: voice input is on, and its transcriptions go to a fake peer that
// the voice spec starts on this fixed port (the server's environment is fixed when it starts).
const appPort = Number(process.env.E2E_PORT ?? '3100');

export const E2E_OPENAI_PORT = Number(process.env.E2E_OPENAI_PORT ?? appPort + 99);
export const E2E_OPENAI_KEY = 'e2e-openai-key';
export const E2E_OPENAI_BASE_URL = `http://127.0.0.1:${E2E_OPENAI_PORT}/v1`;

/** The e2e server's Whoop: its OAuth client, and the fake Whoop the devices spec starts on this port. */
export const E2E_WHOOP_PORT = Number(process.env.E2E_WHOOP_PORT ?? appPort + 97);
export const E2E_WHOOP_CLIENT = { clientId: 'e2e-whoop-client', clientSecret: 'e2e-whoop-secret' };
export const E2E_WHOOP_BASE_URL = `http://127.0.0.1:${E2E_WHOOP_PORT}`;
/** A fixed key, so that the e2e server can seal wearable tokens. */
export const E2E_TOKEN_KEY = 'ZTJlLXRva2VuLWtleS1lMmUtdG9rZW4ta2V5LWUyZS0';
