// How the background jobs process is started (`npm run jobs`, scripts/with-db.ts, the e2e server, the tests):
// one Node process with tsx as its loader. tsx's own command runs the script in a second process and relays
// a signal to it; when the script has not answered the relay within 30 ms (a busy machine, a process at
// work), tsx kills it with SIGKILL, so the jobs' graceful stop never ran and a lab-report reader it had
// started lived on as an orphan. Run this way, SIGTERM reaches the process that handles it, and nothing else.
export const JOBS_ARGS: readonly string[] = ['--conditions=react-server', '--import', 'tsx', 'scripts/jobs.ts'];
