import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { doctorQuestions, saveDoctorQuestions } from '@/lib/reports/doctor-questions';
import { doctorQuestionsSchema } from '@/lib/validation/doctor-questions';

/** GET /api/doctor-questions: the questions the member noted for their doctor; POST {questions}: keeps them ('' clears). */
const get = route({ auth: 'user' }, async ({ user }) => NextResponse.json({ questions: await doctorQuestions(user.id) }, { headers: { 'Cache-Control': 'no-store' } }));
const post = route({ auth: 'user', body: doctorQuestionsSchema }, async ({ user, body }) => NextResponse.json(await saveDoctorQuestions(user.id, body.questions)));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, POST: post });
