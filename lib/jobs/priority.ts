/**
 * The job process's niceness (scripts/jobs.ts sets it at start): background work, such as reading a
 * gigabyte history export for minutes, yields the CPU to the web server's requests. 10 is the usual
 * "background" level; lowering a process's own priority needs no privilege.
 */
export const JOB_NICENESS = 10;
