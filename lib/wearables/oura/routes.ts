import 'server-only';
import { NextResponse } from 'next/server';
import { route, type RouteHandler } from '@/lib/api/route';
import { ouraChallenge } from './webhook';

/** GET /api/webhooks/oura?verification_token&challenge → `{challenge}`: Oura's subscription handshake. */
export const ouraHandshake: RouteHandler = route({ auth: 'none', crossSite: true }, async ({ request }) => NextResponse.json(ouraChallenge(new URL(request.url).searchParams)));
