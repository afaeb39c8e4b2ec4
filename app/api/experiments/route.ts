import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import type { ExperimentsResponse } from '@/lib/experiments/contract';
import { createExperiment, listExperiments } from '@/lib/experiments/store';
import { experimentSchema } from '@/lib/validation/experiments';

/** GET /api/experiments: his experiments, newest first. POST {change, catalogueKey, outcome, exploratory, direction, design, changeFrom, baselineDays, changeDays, returnDays}: starts one (409 while another runs). */
const list = route({ auth: 'user' }, async ({ user }) =>
  NextResponse.json({ experiments: await listExperiments(user) } satisfies ExperimentsResponse, { headers: { 'Cache-Control': 'no-store' } }),
);
const start = route({ auth: 'user', body: experimentSchema }, async ({ user, body }) =>
  NextResponse.json({ message: 'Your experiment has started.', experiment: await createExperiment(user, body) }, { status: 201, headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: start });
