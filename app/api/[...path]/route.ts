import { discardBody, jsonError } from '@/lib/api/route';

// Any /api path no route file claims: a JSON 404 instead of Next's HTML page.
const notFound = async (request: Request) => {
  await discardBody(request);
  return jsonError(404, 'There is no such API call.');
};

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
