import { methods, route } from '@/lib/api/route';
import { checkMetricsToken, METRICS_CONTENT_TYPE, metricsText } from '@/lib/observability/service-metrics';

export const dynamic = 'force-dynamic';

// Prometheus's scrape: readable only with METRICS_TOKEN as a bearer token (refused when it is unset).
const metrics = route({ auth: 'none' }, async ({ request }) => {
  checkMetricsToken(request.headers.get('authorization'));
  return new Response(await metricsText(), { headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: metrics });
