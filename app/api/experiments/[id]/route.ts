import { NextResponse } from 'next/server';
import { z } from 'zod';
import { methods, route } from '@/lib/api/route';
import { ApiError } from '@/lib/errors';
import { deleteExperiment, EXPERIMENT_NOT_FOUND, experimentDetail, stopExperiment } from '@/lib/experiments/store';

const notFound = () => new ApiError(404, EXPERIMENT_NOT_FOUND);

/** GET /api/experiments/{id}: the experiment with its answer; 404 for one that is not his. */
const read = route({ auth: 'user' }, async ({ user, params }) => {
  const experiment = await experimentDetail(user, params.id ?? '');
  if (!experiment) throw notFound();
  return NextResponse.json({ experiment }, { headers: { 'Cache-Control': 'no-store' } });
});

const stopSchema = z.object({ action: z.literal('stop', { error: 'The only change an experiment takes is {"action": "stop"}.' }) }).strict();

/** PATCH /api/experiments/{id} {"action": "stop"}: ends it early; its answer is read at once, said to be early. */
const stop = route({ auth: 'user', body: stopSchema }, async ({ user, params }) => {
  const experiment = await stopExperiment(user, params.id ?? '');
  if (!experiment) throw notFound();
  return NextResponse.json({ message: 'Your experiment has ended early.', experiment }, { headers: { 'Cache-Control': 'no-store' } });
});

/** DELETE /api/experiments/{id}: removes it with its days' answers. */
const remove = route({ auth: 'user' }, async ({ user, params }) => {
  if (!(await deleteExperiment(user, params.id ?? ''))) throw notFound();
  return NextResponse.json({ message: 'The experiment is deleted.' });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: read, PATCH: stop, DELETE: remove });
