// Sets up the browser's date and number formatting (ICU) in a worker thread, then says so: ICU's set-up is
// shared by the page's threads, so the page's own first figure or date is then quick (./warm-intl.ts).
new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(0);
(0.5).toLocaleString('en-GB', { maximumFractionDigits: 1 });
(self as unknown as { postMessage(message: string): void }).postMessage('ready');
