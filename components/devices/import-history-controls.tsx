'use client';

import { island } from '@/components/query/island';
import type { ImportView } from '@/lib/imports/history';
import { ImportHistoryPanel } from './import-history-panel';

export type ImportHistoryProps = { initial: ImportView[]; /** Read the imports on arrival (onboarding, where the page did not). */ load?: boolean };

/** The panel as the server sends it: the imports it read, the controls waiting for the live part. */
function ImportHistoryShell({ initial }: ImportHistoryProps) {
  return <ImportHistoryPanel imports={initial} uploading={null} problem={null} busy={false} />;
}

export const ImportHistoryControls = island<ImportHistoryProps>(() => import('./import-history-live').then((m) => m.ImportHistoryLive), ImportHistoryShell);
