'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useView, type LiveProps } from '@/components/query/island';
import { live } from '@/components/query/live';
import { queries } from '@/components/query/queries';
import { deleteJson, postJson } from '@/lib/client/api-call';
import { CallError, signedOut } from '@/lib/client/browser-loads';
import { LOGIN_PATH } from '@/lib/routes';
import type { ConfirmImportAnswers } from '@/lib/validation/history-import';
import { UNDER_WAY, type ImportHistoryPanelProps, type ImportHistoryProps } from './import-history-panel';

const OFFLINE = 'We could not reach Vitality. Check your connection and try again.';

type Action = {
  url: string;
  method: 'POST' | 'DELETE';
  /** The dashboard's figures change with it: the server's pages are read again. */
  changesDays?: boolean;
  /** The JSON body (a confirmation's answers to the preview's questions). */
  body?: ConfirmImportAnswers;
};

/**
 * The import panel's live part (./import-history-controls.tsx): the imports through TanStack Query, read
 * every second while one is being read (also after coming back to the page), and read again after each
 * upload, confirmation, cancellation or removal.
 */
export const ImportHistoryLive = live(function ImportHistoryLive({ initial, load = false, onView }: LiveProps<ImportHistoryProps, ImportHistoryPanelProps>) {
  const router = useRouter();
  const client = useQueryClient();
  const [uploading, setUploading] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const imports = useQuery({
    ...queries.imports(),
    initialData: initial,
    // Where the page did not read them itself (onboarding), the imports are read on arrival.
    initialDataUpdatedAt: load ? 0 : undefined,
    refetchInterval: (query) => (query.state.data?.some((i) => UNDER_WAY.has(i.status)) ? 1000 : false),
  });
  useEffect(() => {
    if (signedOut(imports.error)) window.location.assign(LOGIN_PATH);
  }, [imports.error]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: queries.imports().queryKey }), [client]);

  const action = useMutation({
    mutationFn: async ({ url, method, body }: Action) => {
      const result = method === 'POST' ? await postJson(url, body) : await deleteJson(url);
      if (!result.ok) throw new CallError({ ...result, message: result.message ?? 'That did not work. Please try again.' });
    },
    onMutate: () => setProblem(null),
    onSuccess: (_, { changesDays }) => {
      if (changesDays) router.refresh();
    },
    onError: (error) => {
      if (signedOut(error)) return window.location.assign(LOGIN_PATH);
      setProblem(error instanceof CallError ? error.message : OFFLINE);
    },
    onSettled: refresh,
  });

  const upload = useCallback((event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setUploading(0);
    // XMLHttpRequest: the one browser call that reports an upload's progress.
    const request = new XMLHttpRequest();
    request.open('POST', '/api/imports');
    request.setRequestHeader('content-type', /\.fit$/i.test(file.name) ? 'application/octet-stream' : 'application/zip');
    request.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    request.upload.onprogress = (e) => e.lengthComputable && setUploading(e.loaded / e.total);
    request.onerror = () => {
      setUploading(null);
      setProblem('The upload failed due to a network error. Please try again.');
    };
    request.onload = () => {
      setUploading(null);
      if (request.status === 401) return window.location.assign(LOGIN_PATH);
      let data: { message?: string; already_imported?: boolean } = {};
      try {
        data = JSON.parse(request.responseText) as typeof data;
      } catch {
        // Not JSON: the status says enough.
      }
      if (request.status >= 400) return setProblem(data.message ?? 'The upload failed. Please try again.');
      if (data.already_imported) setProblem('That export is already imported: nothing new to add.');
      void refresh();
    };
    request.send(file);
  }, [refresh]);

  const { mutate } = action;
  const view = useMemo(
    () => ({
      imports: imports.data,
      uploading,
      problem,
      busy: action.isPending,
      on: {
        upload,
        cancel: (id: string) => mutate({ url: `/api/imports/${id}/cancel`, method: 'POST' }),
        confirm: (id: string, answers?: ConfirmImportAnswers) => mutate({ url: `/api/imports/${id}/confirm`, method: 'POST', changesDays: true, body: answers }),
        remove: (id: string) => mutate({ url: `/api/imports/${id}`, method: 'DELETE', changesDays: true }),
      },
    }),
    [imports.data, uploading, problem, action.isPending, upload, mutate],
  );
  return useView(onView, view);
});
