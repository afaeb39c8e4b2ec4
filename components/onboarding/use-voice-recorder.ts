'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { TRANSCRIBE_EXCEPTION, transcribeRecording } from '@/lib/client/transcribe-recording';

export type VoiceState = 'idle' | 'starting' | 'recording' | 'transcribing';

type Callbacks = { onTranscript: (text: string) => void; onError: (message: string) => void };

/**
 * The microphone's cycle: a first toggle records with MediaRecorder (WebM), the second stops and
 * transcribes. Permission denials and other client failures report TRANSCRIBE_EXCEPTION.
 */
export function useVoiceRecorder({ onTranscript, onError }: Callbacks) {
  const [state, setState] = useState<VoiceState>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const callbacks = useRef({ onTranscript, onError });
  useEffect(() => {
    callbacks.current = { onTranscript, onError };
  });

  const release = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  // Leaving the page mid-recording turns the microphone off and discards the recording.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (recorder.current && recorder.current.state !== 'inactive') {
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      release();
    };
  }, [release]);

  const upload = useCallback(async (recording: Blob) => {
    try {
      const result = await transcribeRecording(recording);
      if (result.ok) callbacks.current.onTranscript(result.transcript);
      else callbacks.current.onError(result.error);
    } catch {
      callbacks.current.onError(TRANSCRIBE_EXCEPTION);
    } finally {
      setState('idle');
    }
  }, []);

  const start = useCallback(async () => {
    setState('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
      // The permission prompt can outlast the page.
      if (!mounted.current) return release();
      const mimeType = MediaRecorder.isTypeSupported('audio/webm') ? 'audio/webm' : undefined;
      const next = new MediaRecorder(stream.current, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      next.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      next.onstop = () => {
        release();
        void upload(new Blob(chunks, { type: 'audio/webm' }));
      };
      next.start();
      recorder.current = next;
      setState('recording');
    } catch {
      release();
      setState('idle');
      callbacks.current.onError(TRANSCRIBE_EXCEPTION);
    }
  }, [release, upload]);

  const toggle = useCallback(() => {
    if (state === 'idle') {
      void start();
    } else if (state === 'recording' && recorder.current) {
      setState('transcribing');
      recorder.current.stop();
      recorder.current = null;
    }
  }, [start, state]);

  return { state, toggle };
}
