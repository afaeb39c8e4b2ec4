'use client';

import { island } from '@/components/query/island';
import { ImportHistoryPanel, type ImportHistoryPanelProps, type ImportHistoryProps } from './import-history-panel';

/** The panel as the server sends it: the imports it read, the controls waiting for the live part. */
const shell = ({ initial }: ImportHistoryProps): ImportHistoryPanelProps => ({ imports: initial, uploading: null, problem: null, busy: false });

export const ImportHistoryControls = island<ImportHistoryProps, ImportHistoryPanelProps>(ImportHistoryPanel, shell, () => import('./import-history-live').then((m) => m.ImportHistoryLive));
