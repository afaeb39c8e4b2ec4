import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { sendJson, startPeer, type PeerControls } from './http-peer';

/** A value of Stripe's form encoding once parsed: `a[b][0]=x` becomes `{ a: { b: ['x'] } }`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** One API call as the fake received it (the query, which may hold expansions, is left out). */
export type StripeRequestRecord = { method: string; path: string; idempotencyKey?: string; stripeVersion?: string };

/**
 * The API version an invoice event is rendered at: `current` puts the subscription under
 * `parent.subscription_details` (2025-03-31 and later), `legacy` at the top-level `subscription`, as an
 * endpoint on an older account default still receives it.
 */
export type InvoiceShape = 'current' | 'legacy';

/** An API version before 2025-03-31.basil, whose invoices carry the top-level `subscription`. */
export const LEGACY_API_VERSION = '2024-06-20';

/** One webhook the fake sent, with the status the app answered (0 when the app could not be reached). */
export type WebhookDelivery = { type: string; status: number };

export type SubscriptionPatch = Partial<{
  status: Stripe.Subscription.Status;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  trial_end: number | null;
}>;

export type FakeStripe = {
  /** http://127.0.0.1:PORT; hosted pages live under /pay and /portal. */
  baseUrl: string;
  /** Spread into the SDK's config: `new Stripe(key, { ...fake.apiOptions })`. */
  apiOptions: { host: string; port: number; protocol: 'http' };
  /** Every call under /v1, in order of arrival. */
  requests: StripeRequestRecord[];
  /** Every webhook sent, automatically or by `deliver`, with the app's answer. */
  webhookDeliveries: WebhookDelivery[];
  /** Misbehave at the transport level (reset, hang, garbage), as the other fakes do. */
  failWith: PeerControls['failWith'];
  stop(): Promise<void>;
  setWebhookUrl(url: string): void;
  customers(): Stripe.Customer[];
  subscriptions(): Stripe.Subscription[];
  /** The sessions, each with its `line_items` (price and quantity) filled in. */
  checkoutSessions(): Stripe.Checkout.Session[];
  /** Pressing Pay on the hosted checkout page; resolves once the webhooks are answered (unless `holdNextPayment`). */
  pay(sessionId: string): Promise<{ redirectTo: string }>;
  updateSubscription(id: string, patch: SubscriptionPatch): Stripe.Subscription;
  deleteSubscription(id: string): Stripe.Subscription;
  /** An event around a copy of `object`, not sent. */
  event(type: string, object: object): Stripe.Event;
  /** An invoice event (e.g. `invoice.payment_failed`) for a stored subscription, in either API version's shape; not sent. */
  invoiceEvent(type: `invoice.${string}`, subscriptionId: string, opts?: { shape?: InvoiceShape }): Stripe.Event;
  deliver(event: Stripe.Event, opts?: { times?: number; signature?: 'valid' | 'bad' | 'stale' | 'missing' }): Promise<{ status: number; body: string }[]>;
  /** The next `count` API calls with this method and a path starting with `pathPrefix` fail with `status`. */
  failNext(method: string, pathPrefix: string, status?: number, count?: number): void;
  /** The next payment redirects at once but completes only when `release` is called: a late webhook without a clock. */
  holdNextPayment(): { release: () => void };
  /** Resolves when every payment under way (late ones included) has completed and its webhooks are answered. */
  settled(): Promise<void>;
};

type StripeErrorBody = { error: { type: string; message: string; param?: string; code?: string } };
type ApiResult = { status: number; body: unknown };

type PriceRef = Pick<Stripe.Price, 'id' | 'object'>;
type FakeSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'billing_thresholds' | 'created' | 'current_period_start' | 'current_period_end' | 'discounts' | 'metadata' | 'quantity' | 'subscription' | 'tax_rates'
> & { price: PriceRef };
type FakeSubscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'application'
  | 'application_fee_percent'
  | 'billing_cycle_anchor'
  | 'billing_thresholds'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'cancellation_details'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'days_until_due'
  | 'default_payment_method'
  | 'default_source'
  | 'description'
  | 'discounts'
  | 'ended_at'
  | 'latest_invoice'
  | 'livemode'
  | 'metadata'
  | 'next_pending_invoice_item_invoice'
  | 'on_behalf_of'
  | 'pause_collection'
  | 'pending_setup_intent'
  | 'pending_update'
  | 'schedule'
  | 'start_date'
  | 'status'
  | 'test_clock'
  | 'transfer_data'
  | 'trial_end'
  | 'trial_settings'
  | 'trial_start'
> & { items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: boolean; url: string } };
type FakeLineItem = Pick<Stripe.LineItem, 'id' | 'object' | 'quantity'> & { price: PriceRef };
type FakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'after_expiration'
  | 'allow_promotion_codes'
  | 'amount_subtotal'
  | 'amount_total'
  | 'billing_address_collection'
  | 'cancel_url'
  | 'client_reference_id'
  | 'client_secret'
  | 'consent'
  | 'consent_collection'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_creation'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'invoice'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_link'
  | 'payment_method_collection'
  | 'payment_method_types'
  | 'payment_status'
  | 'recovered_from'
  | 'setup_intent'
  | 'status'
  | 'submit_type'
  | 'subscription'
  | 'success_url'
  | 'ui_mode'
  | 'url'
>;
/** A checkout session with what it was created with but Stripe does not show on the session. */
type SessionRecord = {
  session: FakeCheckoutSession;
  lineItem: FakeLineItem;
  trialDays: number | null;
  subscriptionMetadata: Stripe.Metadata;
  /** Pay was pressed; the session may still look `open` while a late completion waits. */
  paid: boolean;
};

const DAY = 86_400;
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const seconds = (): number => Math.floor(Date.now() / 1000);

function randomId(prefix: string, length = 24): string {
  return prefix + Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

/** Plain JSON copies, so callers can neither see later changes nor make them. */
function snapshot<T>(value: object): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Parses Stripe's form encoding (`line_items[0][price]=x&expand[]=y`), in bodies and query strings alike, into
 * nested objects; an object whose keys are all indexes becomes an array, as `qs` does.
 */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = Object.create(null) as FormObject;
  for (const [key, value] of new URLSearchParams(text)) {
    const head = /^[^[]*/.exec(key)?.[0] ?? key;
    const segments = [head, ...Array.from(key.slice(head.length).matchAll(/\[([^\]]*)\]/g), (match) => match[1] ?? '')];
    let node = root;
    segments.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === segments.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'object' && !Array.isArray(next)) node = next;
      else node = node[name] = Object.create(null) as FormObject;
    });
  }
  return arraysFromIndexes(root) as FormObject;
}

function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => arraysFromIndexes(value[key] ?? ''));
  }
  const result: FormObject = Object.create(null) as FormObject;
  for (const key of keys) result[key] = arraysFromIndexes(value[key] ?? '');
  return result;
}

const textOf = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const objectOf = (value: FormValue | undefined): FormObject | undefined =>
  typeof value === 'object' && !Array.isArray(value) ? value : undefined;

function metadataOf(value: FormValue | undefined): Stripe.Metadata {
  const metadata: Stripe.Metadata = {};
  for (const [key, entry] of Object.entries(objectOf(value) ?? {})) if (typeof entry === 'string' && entry !== '') metadata[key] = entry;
  return metadata;
}

function expansionsOf(value: FormValue | undefined): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string');
  return [];
}

function stripeError(status: number, message: string, extra: { param?: string; code?: string; type?: string } = {}): ApiResult {
  const body: StripeErrorBody = { error: { type: extra.type ?? 'invalid_request_error', message } };
  if (extra.param) body.error.param = extra.param;
  if (extra.code) body.error.code = extra.code;
  return { status, body };
}

const missing = (param: string): ApiResult => stripeError(400, `Missing required param: ${param}.`, { param, code: 'parameter_missing' });
const noSuch = (kind: string, id: string, param = 'id'): ApiResult =>
  stripeError(param === 'id' ? 404 : 400, `No such ${kind}: '${id}'`, { param, code: 'resource_missing' });

function isUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** A whole page: static, no scripts or external assets, contrast above WCAG AA. */
function sendPage(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #ffffff; }
main { max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
h1 { font-size: 1.5rem; }
a { color: #1d4ed8; }
button { font: inherit; padding: 0.6rem 1.5rem; color: #ffffff; background: #1d4ed8; border: 0; border-radius: 0.375rem; cursor: pointer; }
button:hover { background: #1e40af; }
a:focus-visible, button:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`);
}

/**
 * The parts of Stripe's API that subscriptions through Checkout need (customers, checkout sessions, subscriptions,
 * billing portal sessions), answering in Stripe's shapes, plus the hosted checkout and portal pages and signed
 * webhooks to the app. POSTs honour `Idempotency-Key`: a repeated key replays the first successful answer (a
 * different body with the same key is a 400 `idempotency_error`); errors are not stored, so a retry runs again.
 */
export async function startFakeStripe(options: { secretKey: string; webhookSecret: string; webhookUrl?: string; port?: number }): Promise<FakeStripe> {
  const { secretKey, webhookSecret } = options;
  let webhookUrl = options.webhookUrl;
  const customers = new Map<string, Stripe.Customer>();
  const subscriptions = new Map<string, FakeSubscription>();
  const sessions = new Map<string, SessionRecord>();
  const portalSessions = new Map<string, Stripe.BillingPortal.Session>();
  const idempotent = new Map<string, { fingerprint: string; result: ApiResult & { requestId: string } }>();
  const failures: { method: string; pathPrefix: string; status: number; count: number }[] = [];
  const requests: StripeRequestRecord[] = [];
  const webhookDeliveries: WebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();
  let heldRelease: Promise<void> | null = null;
  let baseUrl = '';

  // ---- API ----

  function createCustomer(form: FormObject): ApiResult {
    const email = textOf(form.email);
    if (email !== undefined && email !== '' && !/^[^@\s]+@[^@\s]+$/.test(email)) return stripeError(400, 'Invalid email address: ' + email, { param: 'email', code: 'email_invalid' });
    const customer: Stripe.Customer = {
      id: randomId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: seconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: textOf(form.description) || null,
      discount: null,
      email: email || null,
      invoice_prefix: randomId('', 8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadataOf(form.metadata),
      name: textOf(form.name) || null,
      next_invoice_sequence: 1,
      phone: textOf(form.phone) || null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  function createCheckoutSession(form: FormObject): ApiResult {
    const mode = textOf(form.mode);
    if (!mode) return missing('mode');
    if (mode !== 'subscription') return stripeError(400, `The fake only supports mode=subscription, not '${mode}'.`, { param: 'mode' });
    const customer = textOf(form.customer);
    if (!customer) return missing('customer');
    if (!customers.has(customer)) return noSuch('customer', customer, 'customer');
    const firstItem = objectOf(Array.isArray(form.line_items) ? form.line_items[0] : undefined);
    const price = textOf(firstItem?.price);
    if (!price) return missing('line_items[0][price]');
    const quantity = Number(textOf(firstItem?.quantity) ?? '1');
    if (!Number.isInteger(quantity) || quantity < 1) return stripeError(400, 'Invalid integer: quantity', { param: 'line_items[0][quantity]' });
    const successUrl = textOf(form.success_url);
    if (!successUrl) return missing('success_url');
    if (!isUrl(successUrl)) return stripeError(400, 'Not a valid URL', { param: 'success_url', code: 'url_invalid' });
    const cancelUrl = textOf(form.cancel_url);
    if (!cancelUrl) return missing('cancel_url');
    if (!isUrl(cancelUrl)) return stripeError(400, 'Not a valid URL', { param: 'cancel_url', code: 'url_invalid' });
    const subscriptionData = objectOf(form.subscription_data);
    const trialText = textOf(subscriptionData?.trial_period_days);
    const trialDays = trialText === undefined ? null : Number(trialText);
    if (trialDays !== null && (!Number.isInteger(trialDays) || trialDays < 1 || trialDays > 730)) {
      return stripeError(400, 'Invalid integer: trial_period_days must be between 1 and 730', { param: 'subscription_data[trial_period_days]' });
    }
    const collection = textOf(form.payment_method_collection);
    if (collection !== undefined && collection !== 'always' && collection !== 'if_required') {
      return stripeError(400, `Invalid payment_method_collection: must be one of always or if_required`, { param: 'payment_method_collection' });
    }
    const expansion = checkExpansions(form, ['subscription', 'customer', 'line_items']);
    if (expansion) return expansion;

    const created = seconds();
    const id = randomId('cs_test_', 58);
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: null,
      amount_total: null,
      billing_address_collection: null,
      cancel_url: cancelUrl,
      client_reference_id: textOf(form.client_reference_id) || null,
      client_secret: null,
      consent: null,
      consent_collection: null,
      created,
      currency: 'usd',
      customer,
      customer_creation: null,
      customer_details: null,
      customer_email: null,
      expires_at: created + DAY,
      invoice: null,
      livemode: false,
      locale: null,
      metadata: metadataOf(form.metadata),
      mode: 'subscription',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: collection ?? 'always',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      recovered_from: null,
      setup_intent: null,
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      ui_mode: 'hosted',
      url: `${baseUrl}/pay/${id}`,
    };
    sessions.set(id, {
      session,
      lineItem: { id: randomId('li_', 24), object: 'item', quantity, price: { id: price, object: 'price' } },
      trialDays,
      subscriptionMetadata: metadataOf(subscriptionData?.metadata),
      paid: false,
    });
    return { status: 200, body: renderSession(id, expansionsOf(form.expand)) };
  }

  /** A 400 like Stripe's when `expand` names something the fake cannot expand, so a mismatch shows at once. */
  function checkExpansions(form: FormObject, allowed: string[]): ApiResult | null {
    const unknown = expansionsOf(form.expand).find((name) => !allowed.includes(name));
    return unknown === undefined ? null : stripeError(400, `This property cannot be expanded (${unknown}).`, { param: 'expand' });
  }

  function renderSession(id: string, expand: string[]): object | null {
    const record = sessions.get(id);
    if (!record) return null;
    const { session } = record;
    const rendered: Record<string, unknown> = { ...session };
    if (expand.includes('subscription') && typeof session.subscription === 'string') rendered.subscription = subscriptions.get(session.subscription) ?? null;
    if (expand.includes('customer') && typeof session.customer === 'string') rendered.customer = customers.get(session.customer) ?? session.customer;
    if (expand.includes('line_items')) rendered.line_items = lineItemsOf(record);
    return rendered;
  }

  const lineItemsOf = (record: SessionRecord) => ({ object: 'list', data: [record.lineItem], has_more: false, url: `/v1/checkout/sessions/${record.session.id}/line_items` });

  function createPortalSession(form: FormObject): ApiResult {
    const customer = textOf(form.customer);
    if (!customer) return missing('customer');
    if (!customers.has(customer)) return noSuch('customer', customer, 'customer');
    const returnUrl = textOf(form.return_url);
    if (returnUrl !== undefined && !isUrl(returnUrl)) return stripeError(400, 'Not a valid URL', { param: 'return_url', code: 'url_invalid' });
    const id = randomId('bps_', 24);
    const portal: Stripe.BillingPortal.Session = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_fakedefaultconfiguration',
      created: seconds(),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: returnUrl ?? null,
      url: `${baseUrl}/portal/${id}`,
    };
    portalSessions.set(id, portal);
    return { status: 200, body: portal };
  }

  function cancelSubscription(subscription: FakeSubscription): FakeSubscription {
    if (subscription.status === 'canceled') return subscription;
    const now = seconds();
    subscription.status = 'canceled';
    subscription.canceled_at = now;
    subscription.ended_at = now;
    subscription.cancel_at_period_end = false;
    subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' };
    return subscription;
  }

  /** Routes under /v1. They are synchronous, so a request is checked and answered in one turn of the event loop. */
  function route(method: string, path: string, form: FormObject): ApiResult {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') return createCustomer(form);
    if (method === 'GET' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(match[1] ?? '');
      return customer ? { status: 200, body: customer } : noSuch('customer', match[1] ?? '');
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return createCheckoutSession(form);
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const expansion = checkExpansions(form, ['subscription', 'customer', 'line_items']);
      if (expansion) return expansion;
      const session = renderSession(match[1] ?? '', expansionsOf(form.expand));
      return session ? { status: 200, body: session } : noSuch('checkout.session', match[1] ?? '');
    }
    if ((method === 'GET' || method === 'DELETE') && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1] ?? '');
      if (!subscription) return noSuch('subscription', match[1] ?? '');
      const expansion = checkExpansions(form, ['customer']);
      if (expansion) return expansion;
      if (method === 'DELETE') cancelSubscription(subscription);
      const expandCustomer = expansionsOf(form.expand).includes('customer') && typeof subscription.customer === 'string';
      return { status: 200, body: expandCustomer ? { ...subscription, customer: customers.get(String(subscription.customer)) ?? subscription.customer } : subscription };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortalSession(form);
    return stripeError(404, `Unrecognized request URL (${method}: ${path}). The fake Stripe does not serve it.`);
  }

  function sendApi(response: ServerResponse, result: ApiResult, requestId: string, headers: Record<string, string> = {}): void {
    sendJson(response, result.status, result.body, { 'request-id': requestId, 'stripe-version': Stripe.API_VERSION, ...headers });
  }

  async function api(request: IncomingMessage, url: URL, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined;
    const stripeVersion = typeof request.headers['stripe-version'] === 'string' ? request.headers['stripe-version'] : undefined;
    requests.push({ method, path: url.pathname, ...(idempotencyKey !== undefined ? { idempotencyKey } : {}), ...(stripeVersion !== undefined ? { stripeVersion } : {}) });
    const body = method === 'POST' ? await readBody(request) : url.search.slice(1);
    const requestId = randomId('req_', 14);

    const authorization = request.headers.authorization;
    if (!authorization) {
      return sendApi(response, stripeError(401, 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.'), requestId, {
        'www-authenticate': 'Bearer realm="Stripe"',
      });
    }
    if (authorization !== `Bearer ${secretKey}`) {
      const shown = authorization.replace(/^Bearer\s+/i, '');
      return sendApi(response, stripeError(401, `Invalid API Key provided: ${shown.slice(0, 8)}${'*'.repeat(Math.max(0, shown.length - 12))}${shown.slice(-4)}`), requestId, {
        'www-authenticate': 'Bearer realm="Stripe"',
      });
    }

    // Without the header Stripe answers at the account's default version, whose shapes the fake (and the SDK's types) do not speak.
    if (stripeVersion !== Stripe.API_VERSION) {
      return sendApi(
        response,
        stripeError(400, `The fake Stripe answers only at API version ${Stripe.API_VERSION}, the SDK's own; this request sent Stripe-Version ${stripeVersion ?? '(none)'}.`, { param: 'Stripe-Version' }),
        requestId,
      );
    }

    const failure = failures.find((rule) => rule.count > 0 && rule.method === method && url.pathname.startsWith(rule.pathPrefix));
    if (failure) {
      failure.count -= 1;
      const type = failure.status >= 500 ? 'api_error' : failure.status === 429 ? 'rate_limit_error' : 'invalid_request_error';
      return sendApi(response, stripeError(failure.status, `Simulated failure (${failure.status}) from the fake Stripe.`, { type }), requestId);
    }

    if (method === 'POST' && idempotencyKey !== undefined) {
      const fingerprint = `${method} ${url.pathname} ${body}`;
      const stored = idempotent.get(idempotencyKey);
      if (stored && stored.fingerprint !== fingerprint) {
        return sendApi(
          response,
          stripeError(400, `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`, { type: 'idempotency_error' }),
          requestId,
        );
      }
      if (stored) {
        return sendApi(response, stored.result, requestId, { 'idempotency-key': idempotencyKey, 'idempotent-replayed': 'true', 'original-request': stored.result.requestId });
      }
      const result = route(method, url.pathname, parseStripeForm(body));
      if (result.status < 400) idempotent.set(idempotencyKey, { fingerprint, result: { ...snapshot<ApiResult>(result), requestId } });
      return sendApi(response, result, requestId, { 'idempotency-key': idempotencyKey });
    }
    sendApi(response, route(method, url.pathname, parseStripeForm(body)), requestId);
  }

  // ---- Webhooks ----

  function buildEvent(type: string, object: object, apiVersion: string = Stripe.API_VERSION): Stripe.Event {
    const event = {
      id: randomId('evt_', 24),
      object: 'event',
      api_version: apiVersion,
      created: seconds(),
      data: { object: snapshot<object>(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    return event as unknown as Stripe.Event;
  }

  /** A minimal open invoice for the subscription, with the subscription where the chosen API version puts it. */
  function buildInvoiceEvent(type: string, subscriptionId: string, { shape = 'current' }: { shape?: InvoiceShape } = {}): Stripe.Event {
    const subscription = storedSubscription(subscriptionId);
    const invoice = {
      id: randomId('in_', 24),
      object: 'invoice',
      customer: String(subscription.customer),
      currency: subscription.currency,
      status: type === 'invoice.paid' ? 'paid' : 'open',
      billing_reason: 'subscription_cycle',
      created: seconds(),
      livemode: false,
      ...(shape === 'current'
        ? { parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: { ...subscription.metadata }, subscription: subscriptionId } } }
        : { subscription: subscriptionId }),
    };
    return buildEvent(type, invoice, shape === 'current' ? Stripe.API_VERSION : LEGACY_API_VERSION);
  }

  async function post(event: Stripe.Event, signature: 'valid' | 'bad' | 'stale' | 'missing'): Promise<{ status: number; body: string }> {
    if (!webhookUrl) throw new Error('The fake Stripe has no webhook URL; pass webhookUrl or call setWebhookUrl first.');
    // Stripe sends the event pretty-printed; a receiver must verify these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      accept: '*/*; q=0.5, application/xml',
    };
    if (signature !== 'missing') {
      headers['stripe-signature'] = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: signature === 'bad' ? randomId('whsec_', 32) : webhookSecret,
        timestamp: seconds() - (signature === 'stale' ? 600 : 0),
      });
    }
    try {
      const answer = await fetch(webhookUrl, { method: 'POST', headers, body: payload, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
      const text = await answer.text();
      webhookDeliveries.push({ type: event.type, status: answer.status });
      return { status: answer.status, body: text };
    } catch (error) {
      webhookDeliveries.push({ type: event.type, status: 0 });
      return { status: 0, body: String(error) };
    }
  }

  /** Sends what Stripe sends after a payment; nothing when no webhook URL is set. Never rejects. */
  async function notify(events: Stripe.Event[]): Promise<void> {
    if (!webhookUrl) return;
    for (const event of events) await post(event, 'valid');
  }

  // ---- Hosted checkout ----

  function finishPayment(record: SessionRecord): Promise<void> {
    const now = seconds();
    const trialEnd = record.trialDays === null ? null : now + record.trialDays * DAY;
    const periodEnd = trialEnd ?? now + 30 * DAY;
    const id = randomId('sub_', 24);
    const subscription: FakeSubscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      billing_cycle_anchor: periodEnd,
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: 'usd',
      customer: String(record.session.customer),
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      description: null,
      discounts: [],
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: randomId('si_', 14),
            object: 'subscription_item',
            billing_thresholds: null,
            created: now,
            current_period_start: now,
            current_period_end: periodEnd,
            discounts: [],
            metadata: {},
            price: record.lineItem.price,
            quantity: record.lineItem.quantity ?? 1,
            subscription: id,
            tax_rates: [],
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: { ...record.subscriptionMetadata },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: trialEnd === null ? 'active' : 'trialing',
      test_clock: null,
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd === null ? null : now,
    };
    subscriptions.set(id, subscription);
    Object.assign(record.session, {
      status: 'complete',
      payment_status: trialEnd === null ? 'paid' : 'no_payment_required',
      subscription: id,
      url: null,
    } satisfies Partial<FakeCheckoutSession>);
    return notify([buildEvent('checkout.session.completed', record.session), buildEvent('customer.subscription.created', subscription)]);
  }

  function track(work: Promise<void>): Promise<void> {
    pending.add(work);
    return work.finally(() => pending.delete(work));
  }

  /** 'missing' and 'gone' for sessions that cannot be paid; else the redirect, once completion has run (or is scheduled). */
  async function pressPay(id: string): Promise<{ redirectTo: string } | 'missing' | 'gone'> {
    const record = sessions.get(id);
    if (!record) return 'missing';
    if (record.paid || record.session.status !== 'open' || record.session.expires_at < seconds()) return 'gone';
    record.paid = true;
    const redirectTo = String(record.session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', id);
    const held = heldRelease;
    heldRelease = null;
    if (held) void track(held.then(() => finishPayment(record)));
    else await track(finishPayment(record));
    return { redirectTo };
  }

  function sessionGonePage(response: ServerResponse, outcome: 'missing' | 'gone'): void {
    if (outcome === 'missing') sendPage(response, 404, 'Checkout session not found', '<p>There is no checkout session at this address.</p>');
    else sendPage(response, 410, 'Checkout session no longer open', '<p>This checkout session has already been paid or has expired.</p>');
  }

  function checkoutPage(id: string, response: ServerResponse): void {
    const record = sessions.get(id);
    if (!record) return sessionGonePage(response, 'missing');
    if (record.paid || record.session.status !== 'open' || record.session.expires_at < seconds()) return sessionGonePage(response, 'gone');
    const customer = customers.get(String(record.session.customer));
    const trial = record.trialDays === null ? 'No free trial' : `${record.trialDays}-day free trial`;
    sendPage(
      response,
      200,
      'Test checkout',
      `<p>Subscription: <strong>${escapeHtml(record.lineItem.price.id)}</strong></p>
<p>${trial}</p>
${customer?.email ? `<p>Customer: ${escapeHtml(customer.email)}</p>` : ''}
<p>No card is needed: this is a test page standing in for Stripe Checkout.</p>
<form method="post" action="/pay/${encodeURIComponent(id)}"><button type="submit">Pay</button></form>
<p><a href="${escapeHtml(String(record.session.cancel_url))}">Cancel</a></p>`,
    );
  }

  function portalPage(id: string, response: ServerResponse): void {
    const portal = portalSessions.get(id);
    if (!portal) return sendPage(response, 404, 'Billing portal session not found', '<p>There is no billing portal session at this address.</p>');
    const customer = customers.get(portal.customer);
    sendPage(
      response,
      200,
      'Billing portal (test)',
      `<p>A test page standing in for Stripe's customer portal${customer?.email ? ` for ${escapeHtml(customer.email)}` : ''}.</p>
${portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to Vitality</a></p>` : ''}`,
    );
  }

  async function handle(request: IncomingMessage, url: URL, response: ServerResponse): Promise<void> {
    if (url.pathname.startsWith('/v1/')) return api(request, url, response);
    const method = request.method ?? 'GET';
    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (pay && method === 'GET') return checkoutPage(decodeURIComponent(pay[1] ?? ''), response);
    if (pay && method === 'POST') {
      await readBody(request);
      const outcome = await pressPay(decodeURIComponent(pay[1] ?? ''));
      if (typeof outcome === 'string') return sessionGonePage(response, outcome);
      response.writeHead(303, { location: outcome.redirectTo, 'cache-control': 'no-store' });
      response.end();
      return;
    }
    const portal = /^\/portal\/([^/]+)$/.exec(url.pathname);
    if (portal && method === 'GET') return portalPage(decodeURIComponent(portal[1] ?? ''), response);
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204);
      response.end();
      return;
    }
    sendPage(response, 404, 'Page not found', '<p>The fake Stripe has no page at this address.</p>');
  }

  const peer = await startPeer(
    (request, url, response) => {
      handle(request, url, response).catch((error: unknown) => {
        if (response.headersSent) response.destroy();
        else sendJson(response, 500, stripeError(500, String(error), { type: 'api_error' }).body);
      });
    },
    { port: options.port },
  );
  baseUrl = peer.baseUrl;
  const port = Number(new URL(baseUrl).port);

  function storedSubscription(id: string): FakeSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`The fake Stripe has no subscription ${id}.`);
    return subscription;
  }

  return {
    baseUrl,
    apiOptions: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    webhookDeliveries,
    failWith: peer.failWith,
    async stop() {
      await peer.stop();
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    customers: () => snapshot<Stripe.Customer[]>([...customers.values()]),
    subscriptions: () => snapshot<Stripe.Subscription[]>([...subscriptions.values()]),
    checkoutSessions: () => snapshot<Stripe.Checkout.Session[]>([...sessions.values()].map((record) => ({ ...record.session, line_items: lineItemsOf(record) }))),
    async pay(sessionId) {
      const outcome = await pressPay(sessionId);
      if (outcome === 'missing') throw new Error(`The fake Stripe has no checkout session ${sessionId}.`);
      if (outcome === 'gone') throw new Error(`Checkout session ${sessionId} is no longer open.`);
      return outcome;
    },
    updateSubscription(id, patch) {
      const subscription = storedSubscription(id);
      Object.assign(subscription, patch);
      const item = subscription.items.data[0];
      // As Stripe does: cancelling at period end sets cancel_at to the period's end, unless cancel_at is given.
      if (patch.cancel_at_period_end !== undefined && patch.cancel_at === undefined) {
        subscription.cancel_at = patch.cancel_at_period_end && item ? item.current_period_end : null;
      }
      if (typeof patch.trial_end === 'number' && subscription.status === 'trialing' && item) item.current_period_end = patch.trial_end;
      if (patch.status === 'canceled' && subscription.ended_at === null) {
        subscription.ended_at = seconds();
        subscription.canceled_at ??= subscription.ended_at;
      }
      return snapshot<Stripe.Subscription>(subscription);
    },
    deleteSubscription(id) {
      return snapshot<Stripe.Subscription>(cancelSubscription(storedSubscription(id)));
    },
    event: (type, object) => buildEvent(type, object),
    invoiceEvent: buildInvoiceEvent,
    async deliver(event, { times = 1, signature = 'valid' } = {}) {
      const answers: { status: number; body: string }[] = [];
      for (let i = 0; i < times; i += 1) answers.push(await post(event, signature));
      return answers;
    },
    failNext(method, pathPrefix, status = 500, count = 1) {
      failures.push({ method: method.toUpperCase(), pathPrefix, status, count });
    },
    holdNextPayment() {
      let release = () => {};
      heldRelease = new Promise<void>((resolve) => (release = resolve));
      return { release: () => release() };
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
