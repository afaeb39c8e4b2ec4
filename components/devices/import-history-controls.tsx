'use client';

import { island } from '@/components/query/island';
import { ImportHistoryPanel, type ImportHistoryProps } from './import-history-panel';

/** The panel as the server sends it: the imports it read, the controls waiting for the live part. */
function ImportHistoryShell({ initial }: ImportHistoryProps) {
  return <ImportHistoryPanel imports={initial} uploading={null} problem={null} busy={false} />;
}

export const ImportHistoryControls = island<ImportHistoryProps>(() => import('./import-history-live').then((m) => m.ImportHistoryLive), ImportHistoryShell);
