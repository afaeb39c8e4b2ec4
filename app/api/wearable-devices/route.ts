import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { deviceStates } from '@/lib/wearables/connection-status';

/** GET /api/wearable-devices: each wearable card's state for /my_devices (status, sync progress, last sync); never a token. */
const get = route({ auth: 'user' }, async ({ user }) => NextResponse.json({ devices: await deviceStates(user.id) }, { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
