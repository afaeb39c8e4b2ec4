// The e2e server's OpenAI settings: voice input is on, and its transcriptions go to a fake peer that
// the voice spec starts on this fixed port (the server's environment is fixed when it starts).
const appPort = Number(process.env.E2E_PORT ?? '3100');

export const E2E_OPENAI_PORT = Number(process.env.E2E_OPENAI_PORT ?? appPort + 99);
export const E2E_OPENAI_KEY = 'e2e-openai-key';
export const E2E_OPENAI_BASE_URL = `http://127.0.0.1:${E2E_OPENAI_PORT}/v1`;
