import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { startFakeOpenAI, FAKE_OPENAI_KEY, type FakeOpenAI } from '../../fakes/openai-peer';
import { client, startAppServer, type AppServer } from '../../setup/app-server';
import { ANSWERED_BEFORE_GOALS } from '../../support/members';
import { budget } from '../../setup/machine-speed.js';

// A one-second tone recorded by Chromium's MediaRecorder (tests/fixtures/record-tone-webm.ts).
const TONE_WEBM = readFileSync(new URL('../../fixtures/tone.webm', import.meta.url));
const TRANSCRIPT = 'I want to sleep through the night and have energy for the gym.';
const NOT_CONFIGURED = 'Type your goals in the box above: Vitality doesn’t take spoken answers.';

let app: AppServer;
let bare: AppServer;
let openai: FakeOpenAI;
let ipCounter = 0;

beforeAll(async () => {
  openai = await startFakeOpenAI({ transcript: TRANSCRIPT });
  [app, bare] = await Promise.all([
    startAppServer({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: openai.baseUrl }),
    startAppServer({ OPENAI_API_KEY: '' }),
  ]);
}, budget(90_000));
afterAll(async () => {
  await Promise.all([app.stop(), bare.stop(), openai.stop()]);
  await db.$disconnect();
});

/** A new signed-in user who has reached the goals step; answers the session's cookie header. */
async function signedInAtGoals(server: AppServer): Promise<string> {
  const email = `voice-${Date.now()}-${++ipCounter}@example.test`;
  const browser = client(server.url, `203.0.113.${100 + ipCounter}`);
  const res = await browser.post('/api/register', { firstName: 'Vic', lastName: 'Voice', email, password: 'Sturdy-Oak-2026!' });
  expect(res.status).toBe(201);
  await db.user.update({ where: { email }, data: ANSWERED_BEFORE_GOALS });
  return [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function audioForm(bytes: Uint8Array, field = 'audio'): FormData {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], 'recording.webm', { type: 'audio/webm' }));
  return form;
}

async function transcribe(server: AppServer, cookie: string | null, init: RequestInit = {}) {
  const response = await fetch(`${server.url}/api/transcribe`, {
    method: 'POST',
    ...init,
    headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string> | undefined) },
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the assertions below say so.
  }
  return { status: response.status, json };
}

let cookie: string;
beforeAll(async () => {
  cookie = await signedInAtGoals(app);
});

describe('POST /api/transcribe', () => {
  it('transcribes a WebM recording through OpenAI, sending the file with the server key and model', async () => {
    const res = await transcribe(app, cookie, { body: audioForm(TONE_WEBM) });
    expect(res).toEqual({ status: 200, json: { transcript: TRANSCRIPT } });
    const upload = openai.uploads.at(-1)!;
    expect(upload).toMatchObject({ authorization: `Bearer ${FAKE_OPENAI_KEY}`, model: 'gpt-4o-mini-transcribe', fileName: 'recording.webm', fileType: 'audio/webm' });
    expect(Buffer.compare(upload.bytes, TONE_WEBM)).toBe(0);
  });

  it('refuses bytes that are not WebM with 415 and sends nothing upstream', async () => {
    const before = openai.uploads.length;
    const wav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(2000)]);
    const res = await transcribe(app, cookie, { body: audioForm(wav) });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ message: 'The recording must be a WebM audio file.', code: 'unsupported_media_type' });
    expect(openai.uploads).toHaveLength(before);
  });

  it('refuses a 30 MB upload with 413 before reading it', async () => {
    const huge = Buffer.alloc(30 * 1024 * 1024);
    TONE_WEBM.copy(huge);
    const res = await transcribe(app, cookie, { body: audioForm(huge) });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ message: 'Recordings can be at most 25 MB.', code: 'payload_too_large' });
  }, budget(60_000));

  it('refuses an oversized body that declares no length (chunked) with 413', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const boundary = 'vt-boundary';
      // Its own connection: the server hangs up on the rest of the upload once it has answered.
      const request = httpRequest(`${app.url}/api/transcribe`, {
        method: 'POST',
        agent: false,
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      // A small recording, then a 27 MB second part: only the limit on the whole body can catch it.
      request.write(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`);
      request.write(TONE_WEBM);
      request.write(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="padding"\r\n\r\n`);
      const megabyte = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 27 && !request.destroyed) {
          sent += 1;
          if (!request.write(megabyte)) return void request.once('drain', pump);
        }
        request.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(status).toBe(413);
  }, budget(60_000));

  it('answers 401 without a session', async () => {
    const res = await transcribe(app, null, { body: audioForm(TONE_WEBM) });
    expect(res.status).toBe(401);
    expect(typeof res.json.message).toBe('string');
  });

  it.each([
    ['another field name', () => ({ body: audioForm(TONE_WEBM, 'file') }), 422],
    ['an empty file', () => ({ body: audioForm(new Uint8Array()) }), 422],
    ['a text field', () => ({ body: (() => { const form = new FormData(); form.append('audio', 'hello'); return form; })() }), 422],
  ])('answers %s with a 4xx {message}', async (_case, init, status) => {
    const res = await transcribe(app, cookie, init());
    expect(res.status).toBe(status);
    expect(res.json).toEqual({ message: 'No audio recording was received.', code: 'unprocessable_entity' });
  });

  it('answers a JSON body with 415: an upload is multipart', async () => {
    const res = await transcribe(app, cookie, { body: '{"audio":"x"}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ message: 'Send the upload as multipart/form-data.', code: 'unsupported_media_type' });
  });

  it('answers 502 when OpenAI fails, and never logs the audio or the transcript', async () => {
    openai.failWith('server-error');
    try {
      const res = await transcribe(app, cookie, { body: audioForm(TONE_WEBM) });
      expect(res).toEqual({ status: 502, json: { message: 'Failed to transcribe audio', code: 'bad_gateway' } });
    } finally {
      openai.failWith(null);
    }
    expect(app.output()).toContain('[transcribe] upstream failed: HTTP 503');
    expect(app.output()).not.toContain(TRANSCRIPT);
    expect(app.output()).not.toContain(TONE_WEBM.subarray(0, 64).toString('base64'));
  });

  it('answers 503 {error} when the server has no OpenAI key', async () => {
    const res = await transcribe(bare, await signedInAtGoals(bare), { body: audioForm(TONE_WEBM) });
    expect(res).toEqual({ status: 503, json: { message: NOT_CONFIGURED, code: 'service_unavailable' } });
  });
});

describe('/onboarding_11 microphone', () => {
  async function micOf(server: AppServer) {
    const res = await fetch(`${server.url}/onboarding_11`, { headers: { cookie: await signedInAtGoals(server) }, redirect: 'manual' });
    expect(res.status).toBe(200);
    const html = await res.text();
    const button = /<button[^>]*aria-label="Start voice input"[^>]*>/.exec(html)?.[0];
    expect(button).toBeDefined();
    const describedBy = /aria-describedby="([^"]+)"/.exec(button!)?.[1];
    const description = new RegExp(`id="${describedBy!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>([^<]*)<`).exec(html)?.[1];
    return { button: button!, description };
  }

  it('is disabled with a "not configured" tooltip on a server without an OpenAI key', async () => {
    const { button, description } = await micOf(bare);
    expect(button).toMatch(/ disabled=""/);
    expect(button).toContain(`title="${NOT_CONFIGURED}"`);
    expect(description).toBe(NOT_CONFIGURED);
  });

  it('is enabled on a server with one', async () => {
    const { button, description } = await micOf(app);
    expect(button).not.toMatch(/ disabled=""/);
    expect(description).not.toBe(NOT_CONFIGURED);
  });
});
