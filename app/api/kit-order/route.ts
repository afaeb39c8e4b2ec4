import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { kitOrder, orderKit } from '@/lib/kits/orders';
import { kitAddressSchema } from '@/lib/validation/kit-address';

/**
 * GET /api/kit-order: the member's blood testing kit order, or null.
 * POST /api/kit-order: the address to post it to (lib/validation/kit-address.ts); 200 with the order.
 */
const get = route({ auth: 'user' }, async ({ user }) => NextResponse.json({ order: await kitOrder(user.id) }, { headers: { 'Cache-Control': 'no-store' } }));

const post = route({ auth: 'user', body: kitAddressSchema }, async ({ user, body }) => NextResponse.json({ order: await orderKit(user.id, body) }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, POST: post });
