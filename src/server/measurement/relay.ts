/**
 * The measurement relays of SPEC section 7 (issue 18): POST /api/gmapi to the GA4 Measurement Protocol
 * endpoint and POST /api/conversionapi to the conversion API, both configured per deployment (brand). One
 * request handler for both: same origin only, rate-limited per client, a small JSON body checked by its
 * schema (400 and nothing forwarded otherwise), personal fields removed (relayParams), then forwarded with
 * a time limit. The visitor's address, cookies and user agent are never forwarded.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Brand } from '../../../brands/types.ts';
import { conversionBodySchema, gmapiBodySchema, relayParams } from '../../lib/analytics/measurement.ts';
import { isSameOriginRequest } from '../auth/auth-url.ts';
import { getConfig } from '../config.ts';
import { measurementBodyBytes } from '../http/body-limits.ts';
import { clientKeyOf, enforceRequestRate } from '../limits/request-rate.ts';
import { log, logUnexpected } from '../log.ts';

const noStore = { 'Cache-Control': 'no-store' };
const problem = (status: number, message: string) => Response.json({ message }, { status, headers: noStore });

/** How long a relay waits for the endpoint it forwards to. */
export const relayTimeoutMs = 3_000;

async function forward(target: string, body: unknown): Promise<boolean> {
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(relayTimeoutMs),
      redirect: 'error',
    });
    await response.body?.cancel();
    if (!response.ok) log('measurement').warn({ status: response.status }, 'relay target refused an event');
    return response.ok;
  } catch (error) {
    logUnexpected('measurement', 'relay target not reached', error);
    return false;
  }
}

interface RelayKind<Schema extends z.ZodType> {
  name: 'gmapi' | 'conversionapi';
  schema: Schema;
  /** The endpoint, or null when this brand does not relay (404). */
  target: (brand: Brand) => string | null;
  /** What to forward, or a refusal message (400). */
  payload: (input: z.output<Schema>, brand: Brand) => { body: unknown } | { refused: string };
}

async function relay<Schema extends z.ZodType>(
  kind: RelayKind<Schema>,
  request: Request,
  brand: Brand,
  clientAddress: string | null,
): Promise<Response> {
  const target = kind.target(brand);
  if (!target) return problem(404, 'This site relays no such events.');
  // Astro's checkOrigin leaves JSON requests alone; another site must not report events in our name.
  if (!isSameOriginRequest(request)) return problem(403, 'Cross-site requests are not accepted.');
  const limited = await enforceRequestRate(request, [
    {
      key: `measurement:${kind.name}:${clientKeyOf(clientAddress)}`,
      max: getConfig().RATE_LIMIT_MEASUREMENT_PER_MINUTE,
      windowSeconds: 60,
    },
  ]);
  if (limited) return limited;
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
    return problem(400, 'Send the event as JSON (Content-Type: application/json).');
  }
  if (Number(request.headers.get('content-length') ?? Infinity) > measurementBodyBytes) {
    return problem(413, `An event is at most ${measurementBodyBytes} bytes.`);
  }
  const json: unknown = await request.json().catch(() => undefined);
  const parsed = kind.schema.safeParse(json);
  if (!parsed.success) return problem(400, parsed.error.issues.map((issue) => issue.message).join('; '));
  const payload = kind.payload(parsed.data, brand);
  if ('refused' in payload) return problem(400, payload.refused);
  const forwarded = await forward(target, payload.body);
  return forwarded ? new Response(null, { status: 204, headers: noStore }) : problem(502, 'The event was not relayed.');
}

const gmapi: RelayKind<typeof gmapiBodySchema> = {
  name: 'gmapi',
  schema: gmapiBodySchema,
  target: (brand) => (brand.features.measurementRelay ? (getConfig().GA4_MEASUREMENT_PROTOCOL_URL ?? null) : null),
  payload: (input, brand) => ({
    body: {
      // A random id per browser made after consent, or per event: never the person's.
      client_id: input.client_id ?? randomUUID(),
      non_personalized_ads: true,
      events: [{ name: `ss_${input.event}`, params: relayParams(input.event, input.params, brand.id) }],
    },
  }),
};

const conversion: RelayKind<typeof conversionBodySchema> = {
  name: 'conversionapi',
  schema: conversionBodySchema,
  target: (brand) => (brand.analytics.conversionEvents.length > 0 ? (getConfig().CONVERSION_API_URL ?? null) : null),
  payload: (input, brand) =>
    brand.analytics.conversionEvents.includes(input.event_name)
      ? {
          body: {
            event_name: input.event_name,
            custom_data: relayParams(input.event_name, input.custom_data, brand.id),
          },
        }
      : { refused: `${input.event_name} is not a conversion event of this site` },
};

export const relayGmapi = (request: Request, brand: Brand, clientAddress: string | null) =>
  relay(gmapi, request, brand, clientAddress);
export const relayConversion = (request: Request, brand: Brand, clientAddress: string | null) =>
  relay(conversion, request, brand, clientAddress);
