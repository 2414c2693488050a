/**
 * The OpenAPI 3.1 document of the REST endpoints, served at GET /v1/api/openapi.json. One entry per
 * route and method of the router (the hosted site's pages and GraphQL aside: GraphQL documents itself
 * in server/schema.graphql); a test checks that the router and this table name the same routes. Request
 * bodies come from the zod schemas that validate them, so the document cannot drift from the checks.
 */
import { eventBatchSchema } from '../analytics/events';
import { z } from 'zod';
import { appConfigResponseSchema } from '../../core/config/schema';
import { userSchema } from '../../core/auth/user';
import { contactFormSchema } from '../../core/validation/contact';
import { EmailBody, LoginBody, RequirementsBody, ResetBody, SignUpBody } from '../accounts/routes';
import { ReplayBody, SetWebhookBody } from '../webhooks/routes';
import { PaymentBody } from '../payments/routes';
import { leadCreatedPayload } from '../webhooks/webhooks';
import { sendJson } from './respond';
import type { Route } from './router';

type JsonSchema = Record<string, unknown>;

/** A zod schema (classic or mini) as the JSON Schema of what a client sends. */
function input(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return json;
}

/** …and of what we answer. */
function output(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return json;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });
const error = (description: string) => ({ description, ...json(ref('Error')) });
const partnerParameter = { $ref: '#/components/parameters/partner' };

interface Operation {
  summary: string;
  tags: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

/** The token of a path (`{token}`): our router hands everything after the prefix to the handler. */
const pathParameter = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });

function operations(): Record<string, Partial<Record<'get' | 'post', Operation>>> {
  const tokenAuth: Record<string, string[]>[] = [{ token: [] }, { session: [] }];
  return {
    '/v1/api/dynamic-config/': {
      get: {
        summary: "The partner's app context (branding, contact numbers, theme); the default one with `error` for an unknown partner.",
        tags: ['partners'],
        parameters: [partnerParameter],
        responses: { 200: { description: 'The app config; `app_context` is a JSON string.', ...json(output(appConfigResponseSchema.schema())) } },
      },
    },
    '/v1/api/site-config/': {
      get: {
        summary: "The site's display name.",
        tags: ['partners'],
        parameters: [partnerParameter],
        responses: {
          200: {
            description: "The partner's website name, else its app name, else its name.",
            ...json({ type: 'object', required: ['display_name'], properties: { display_name: { type: 'string' } } }),
          },
        },
      },
    },
    '/v1/api/events/': {
      post: {
        summary: "A page's visitor events (sent with navigator.sendBeacon), stored when the partner records visitor activity; 60 batches per minute per client.",
        tags: ['analytics'],
        parameters: [partnerParameter],
        requestBody: {
          required: true,
          content: {
            'text/plain': { schema: { type: 'string', description: 'The JSON below, as text (no CORS preflight).' } },
            'application/json': { schema: output(eventBatchSchema) },
          },
        },
        responses: {
          202: { description: 'Stored (events older than a day or from the future are dropped).', ...json({ type: 'object', required: ['recorded'], properties: { recorded: { type: 'integer' } } }) },
          400: error('A malformed batch; `fields` names the event field.'),
          403: error('Analytics is off for this partner, or an origin it does not allow.'),
          413: error('Over 32 KB.'),
          415: error('Neither text/plain nor JSON.'),
          429: error('Too many batches; `Retry-After` says when to try again.'),
        },
      },
    },
    '/v1/api/events/forget/': {
      post: {
        summary: "Erases a visitor's events (their reset of the pseudonymous id); their leads no longer name them.",
        tags: ['analytics'],
        parameters: [partnerParameter],
        requestBody: { required: true, ...json({ type: 'object', required: ['visitorId'], properties: { visitorId: { type: 'string', format: 'uuid' } } }) },
        responses: {
          200: { description: 'How many events were erased.', ...json({ type: 'object', required: ['forgotten'], properties: { forgotten: { type: 'integer' } } }) },
          400: error('Not a visitor id.'),
          403: error('Analytics is off for this partner, or an origin it does not allow.'),
        },
      },
    },
    '/v1/api/operator/backup/': {
      post: {
        summary:
          'The embedded database as a gzipped tar of its data directory, consistent (taken between two statements), for `npm run backup` on this machine. Loopback only, with the token the server wrote beside its data directory for its own user; anyone else gets 404.',
        tags: ['operations'],
        responses: {
          200: { description: 'The dump.', content: { 'application/gzip': { schema: { type: 'string', contentEncoding: 'binary' } } } },
          404: error('Not from this machine, a wrong token, or a server on PostgreSQL (use pg_dump).'),
        },
      },
    },
    '/v1/api/registration/': {
      post: {
        summary: "A signed-in visitor who registered because the partner's lead registration rule asked becomes a lead (source 'registration'); one per user and partner.",
        tags: ['leads'],
        security: [{ token: [] }, { session: [] }],
        parameters: [partnerParameter],
        requestBody: {
          required: true,
          ...json({ type: 'object', properties: { listingId: { type: ['string', 'integer', 'null'] }, visitorId: { type: 'string', format: 'uuid' } } }),
        },
        responses: {
          201: { description: 'The lead was made.', ...json({ type: 'object', required: ['id', 'created'], properties: { id: { type: 'string', format: 'uuid' }, created: { const: true } } }) },
          200: { description: 'The user had registered before: their lead.', ...json({ type: 'object', required: ['id', 'created'], properties: { id: { type: 'string', format: 'uuid' }, created: { const: false } } }) },
          401: error('Not signed in.'),
          403: error('An origin the partner does not allow.'),
        },
      },
    },
    '/v1/api/site/page/': {
      get: {
        summary: 'A page of the hosted site for <hearth-app>: the shell\'s header and footer and the page\'s <main> as HTML, or the redirect its guard demands. Depends on the viewer: never cached.',
        tags: ['site'],
        security: [{ token: [] }, { session: [] }, {}],
        parameters: [
          partnerParameter,
          { name: 'path', in: 'query', required: true, description: 'A site path with its query, e.g. `/search?location=Provo`; at most 2,000 characters.', schema: { type: 'string' } },
        ],
        responses: {
          200: {
            description: '`kind` "page" (status, title, description, header, main, footer) or "redirect" (location, a site path).',
            ...json({
              type: 'object',
              required: ['kind'],
              properties: {
                kind: { enum: ['page', 'redirect'] },
                location: { type: 'string' },
                status: { type: 'integer' },
                title: { type: 'string' },
                description: { type: ['string', 'null'] },
                header: { type: 'string' },
                main: { type: 'string' },
                footer: { type: 'string' },
              },
            }),
          },
          400: error('No path, or not a site path.'),
        },
      },
    },
    '/v1/api/contact-form/': {
      post: {
        summary: "A visitor's message to the partner's agent (a lead); 10 per minute per client.",
        tags: ['leads'],
        parameters: [partnerParameter],
        requestBody: {
          required: true,
          ...json({
            allOf: [
              input(contactFormSchema.schema()),
              {
                type: 'object',
                properties: {
                  listingId: { type: ['string', 'integer', 'null'] },
                  visitorId: { type: 'string', format: 'uuid', description: "The page's pseudonymous visitor id when the partner records visitor activity: the lead then shows what they looked at." },
                },
              },
            ],
          }),
        },
        responses: {
          201: { description: 'Received.', ...json({ type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } }) },
          400: error('`validation` with `fields`: the messages of spec §5.'),
          403: error('An origin the partner does not allow.'),
          413: error('Over 16 KB.'),
          415: error('Not JSON.'),
          429: error('Too many messages; `Retry-After` says when to try again.'),
        },
      },
    },
    '/v1/api/leads/': {
      get: {
        summary: "The partner's leads, newest first.",
        tags: ['leads'],
        security: [{ partnerKey: [] }],
        parameters: [
          partnerParameter,
          { name: 'limit', in: 'query', description: 'Page size, 1–100.', schema: { type: 'integer', minimum: 1, maximum: 100 } },
          { name: 'before', in: 'query', description: 'The id of the last lead of the previous page.', schema: { type: 'string', format: 'uuid' } },
        ],
        responses: {
          200: { description: 'A page of leads.', ...json({ type: 'object' }) },
          400: error('A bad `limit` or `before`.'),
          401: error('No partner key.'),
          403: error("Another partner's key."),
        },
      },
    },
    '/v1/api/home-value/unsubscribe/': {
      get: {
        summary: 'The unsubscribe link of the monthly home value mails: a page with one button (a GET changes nothing).',
        tags: ['leads'],
        parameters: [{ name: 'token', in: 'query', required: true, description: 'The token of the mail’s link.', schema: { type: 'string' } }],
        responses: { 200: { description: 'The page.', content: { 'text/html': {} } }, 404: { description: 'A token of no subscription.', content: { 'text/html': {} } } },
      },
      post: {
        summary: 'Stops the monthly home value mails of the subscription with this token.',
        tags: ['leads'],
        parameters: [{ name: 'token', in: 'query', required: true, description: 'The token of the mail’s link.', schema: { type: 'string' } }],
        responses: { 200: { description: 'Done.', content: { 'text/html': {} } }, 404: { description: 'A token of no subscription.', content: { 'text/html': {} } } },
      },
    },
    '/v1/api/leads/export.csv': {
      get: {
        summary: "The partner's leads as CSV (newest first, at most 50,000, filtered as the lead inbox), spreadsheet-safe: a cell that would start a formula starts with an apostrophe. For the partner's key, or a signed-in owner, admin or administrator of the partner.",
        tags: ['leads'],
        security: [{ partnerKey: [] }, { token: [] }, { session: [] }],
        parameters: [
          partnerParameter,
          { name: 'partnerId', in: 'query', description: 'Signed in: the partner whose leads to export (default: the partner of the request).', schema: { type: 'string', pattern: '^[1-9][0-9]*$' } },
          { name: 'source', in: 'query', description: 'Only leads from this form.', schema: { type: 'string', enum: ['contact', 'stay', 'valuation', 'tour', 'offer', 'prequalification', 'registration'] } },
          { name: 'status', in: 'query', description: 'Only leads with this status.', schema: { type: 'string', enum: ['new', 'contacted', 'closed'] } },
          { name: 'listingId', in: 'query', description: 'Only leads about this listing.', schema: { type: 'string', pattern: '^[1-9][0-9]*$' } },
          { name: 'from', in: 'query', description: 'Created at or after (ISO 8601; a bare date is midnight UTC).', schema: { type: 'string' } },
          { name: 'to', in: 'query', description: 'Created before (ISO 8601; a bare date is midnight UTC).', schema: { type: 'string' } },
          { name: 'search', in: 'query', description: 'Words in the name or email address, at most 200 characters.', schema: { type: 'string', maxLength: 200 } },
        ],
        responses: {
          200: { description: 'UTF-8 CSV with a header row.', content: { 'text/csv': { schema: { type: 'string' } } } },
          400: error('`validation`: a malformed filter, named in `fields`.'),
          401: error('No partner key and not signed in.'),
          403: error("Another partner's key."),
          404: error('Signed in, but not an owner, admin or administrator of the partner.'),
        },
      },
    },
    '/v1/api/webhook/': {
      get: {
        summary: "The partner's lead webhook: URL, enabled, failures in a row (never the secret).",
        tags: ['webhooks'],
        security: [{ partnerKey: [] }],
        parameters: [partnerParameter],
        responses: { 200: { description: '`webhook`, null when none is set.', ...json({ type: 'object' }) }, 401: error('No partner key.'), 403: error("Another partner's key.") },
      },
      post: {
        summary: 'Sets the lead webhook (HTTPS), or removes it with `url: null`; a new endpoint or `rotateSecret` answers the signing secret, once.',
        tags: ['webhooks'],
        security: [{ partnerKey: [] }],
        parameters: [partnerParameter],
        requestBody: { required: true, ...json(input(SetWebhookBody)) },
        responses: {
          200: { description: '`webhook` and `secret` (null unless new or rotated).', ...json({ type: 'object' }) },
          400: error('`validation`: not an https URL, credentials in it, or an internal address in production.'),
          401: error('No partner key.'),
          403: error("Another partner's key."),
        },
      },
    },
    '/v1/api/webhook/deliveries/': {
      get: {
        summary: 'The delivery log, newest first: status, attempts, last HTTP status or error, the body sent.',
        tags: ['webhooks'],
        security: [{ partnerKey: [] }],
        parameters: [partnerParameter, { name: 'limit', in: 'query', description: 'At most 1–100, default 50.', schema: { type: 'integer', minimum: 1, maximum: 100 } }],
        responses: { 200: { description: '`deliveries`.', ...json({ type: 'object' }) }, 400: error('A bad `limit`.'), 401: error('No partner key.'), 403: error("Another partner's key.") },
      },
    },
    '/v1/api/webhook/replay/': {
      post: {
        summary: 'Sends one delivery again now, with a fresh 24-hour retry window.',
        tags: ['webhooks'],
        security: [{ partnerKey: [] }],
        parameters: [partnerParameter],
        requestBody: { required: true, ...json(input(ReplayBody)) },
        responses: { 202: { description: 'Queued.', ...json({ type: 'object' }) }, 400: error('Not a delivery id.'), 401: error('No partner key.'), 403: error("Another partner's key."), 404: error('Not a delivery of this partner.') },
      },
    },
    '/v1/api/webhook/lead-schema.json': {
      get: {
        summary: 'The JSON Schema of a lead.created delivery body.',
        tags: ['webhooks'],
        responses: { 200: { description: 'JSON Schema (draft 2020-12).', ...json(output(leadCreatedPayload)) } },
      },
    },
    '/v1/api/questionnaire-response/test_screen/': {
      post: {
        summary: "A questionnaire screen's markup rendered with a context, for authors (spec §7 test_screen).",
        tags: ['questionnaires'],
        parameters: [partnerParameter],
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'object', required: ['xml'], properties: { xml: { type: 'string' }, context: { type: 'object' } } } },
          }),
        },
        responses: {
          200: {
            description: 'The sanitised markup, its widgets and the hu-* tags we do not know.',
            ...json({
              type: 'object',
              properties: { markup: { type: 'string' }, widgets: { type: 'array', items: { type: 'object' } }, unknownTags: { type: 'array', items: { type: 'string' } } },
            }),
          },
          400: error('`data.xml` or `data.context` missing or of the wrong type.'),
        },
      },
    },
    '/v1/api/api-token-auth/': {
      post: {
        summary: 'Log in with email and password; `session: true` also sets the hosted site’s session cookie.',
        tags: ['accounts'],
        requestBody: { required: true, ...json(input(LoginBody)) },
        responses: {
          200: { description: 'The token and the user.', ...json(ref('TokenAndUser')) },
          400: error("'Unable to login with that email/password'."),
          429: error('Too many attempts (10 per minute per client, 5 per account).'),
        },
      },
    },
    '/v1/api/sign-up/': {
      post: {
        summary: 'Create an account; a verification mail is sent.',
        tags: ['accounts'],
        requestBody: { required: true, ...json(input(SignUpBody)) },
        responses: { 201: { description: 'The token and the new user.', ...json(ref('TokenAndUser')) }, 400: error('`validation` with `fields`.') },
      },
    },
    '/user/me/': {
      get: {
        summary: 'The signed-in user.',
        tags: ['accounts'],
        security: tokenAuth,
        responses: { 200: { description: 'The user record (spec §3).', ...json(ref('User')) }, 401: error('Not signed in.') },
      },
    },
    '/logout/': {
      get: {
        summary: 'A navigation here (spec §8: after a 401/403, with `next`) goes on to the hosted log-out page.',
        tags: ['accounts'],
        parameters: [{ name: 'next', in: 'query', required: false, description: 'The page to return to (this site only).', schema: { type: 'string' } }],
        responses: { 302: { description: 'To `/log-out` with the same query.' } },
      },
      post: {
        summary: 'Revoke the token or session and clear the cookies.',
        tags: ['accounts'],
        security: tokenAuth,
        responses: { 200: { description: 'Logged out.', ...json({ type: 'object' }) } },
      },
    },
    '/v1/api/reset-password/': {
      post: {
        summary: 'Mail a single-use, one-hour reset link when the account exists.',
        tags: ['accounts'],
        requestBody: { required: true, ...json(input(EmailBody)) },
        responses: { 200: { description: 'Always, whether or not the account exists.', ...json({ type: 'object' }) } },
      },
    },
    '/v1/api/reset/{token}': {
      post: {
        summary: 'Set a new password with the token of a reset link.',
        tags: ['accounts'],
        parameters: [pathParameter('token', 'The token of the reset link.')],
        requestBody: { required: true, ...json(input(ResetBody)) },
        responses: { 200: { description: 'The password is changed.', ...json({ type: 'object' }) }, 400: error('`validation` with `fields`, or a used or expired link.') },
      },
    },
    '/v1/api/verify-email/{token}': {
      get: {
        summary: 'Confirm an email address from the link of the verification mail.',
        tags: ['accounts'],
        parameters: [pathParameter('token', 'The token of the verification link.')],
        responses: { 200: { description: 'A page saying whether the address is confirmed.' }, 302: { description: 'To the hosted site.' } },
      },
    },
    '/v1/api/password-validation-requirements/': {
      get: {
        summary: "The password rules and whether `password` meets each (spec §7 'password requirement by value').",
        tags: ['accounts'],
        parameters: [
          { name: 'password', in: 'query', schema: { type: 'string' } },
          { name: 'email', in: 'query', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'One entry per rule.', ...json(ref('PasswordRequirements')) } },
      },
      post: {
        summary: 'The same with the candidate password in the body, out of URLs and logs.',
        tags: ['accounts'],
        requestBody: { required: true, ...json(input(RequirementsBody)) },
        responses: { 200: { description: 'One entry per rule.', ...json(ref('PasswordRequirements')) } },
      },
    },
    '/auth/check-social/': {
      get: {
        summary: 'Whether Google sign-in is configured.',
        tags: ['accounts'],
        responses: { 200: { description: 'The social sign-in providers.', ...json({ type: 'object' }) } },
      },
    },
    '/login/google-oauth2/': {
      get: {
        summary: "Start Google sign-in (PKCE) in a popup; spec §7's browser redirect.",
        tags: ['accounts'],
        responses: { 302: { description: "To Google's consent page." }, 404: error('Google sign-in is not configured.') },
      },
    },
    '/login/google-oauth2/callback': {
      get: {
        summary: "Google's redirect back: a page that posts the token to the opener's exact origin.",
        tags: ['accounts'],
        parameters: [
          { name: 'code', in: 'query', schema: { type: 'string' } },
          { name: 'state', in: 'query', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'The page that hands the token to the opener.' } },
      },
    },
    '/media/users/{file}': {
      get: {
        summary: "A user's uploaded photo.",
        tags: ['media'],
        parameters: [pathParameter('file', "`<user id>/<file>`: the URL the user's `image` holds.")],
        responses: { 200: { description: 'The image.' }, 404: error('No such photo.') },
      },
    },
    '/media/posts/{image}': {
      get: {
        summary: "One size of a blog post's picture (WebP).",
        tags: ['media'],
        parameters: [pathParameter('image', '`<key>-<width>.webp`: a URL of the post image\'s `srcset`.')],
        responses: { 200: { description: 'The WebP image.' }, 404: error('No such image.') },
      },
    },
    '/media/listing-photos/{photo}': {
      get: {
        summary: "One size of a seller's uploaded listing photo (WebP or JPEG, metadata stripped).",
        tags: ['media'],
        parameters: [pathParameter('photo', '`<listing>/<key>-<width>.<webp|jpg>`: a URL of the photo\'s `srcset`.')],
        responses: { 200: { description: 'The image.' }, 404: error('No such photo.') },
      },
    },
    '/media/partners/{image}': {
      get: {
        summary: "A partner's logo or agent picture (resized on upload).",
        tags: ['media'],
        parameters: [pathParameter('image', "`<partner>/<file>`: the URL of the partner's `logoUrl` or `agentPictureUrl`.")],
        responses: { 200: { description: 'The image.' }, 404: error('No such image.') },
      },
    },
    '/media/listing/{photo}': {
      get: {
        summary: 'A generated listing photo.',
        tags: ['media'],
        parameters: [pathParameter('photo', '`<key>/<n>.svg`.')],
        responses: { 200: { description: 'The SVG image.' }, 404: error('No such photo.') },
      },
    },
    '/v1/api/tours/{calendar}': {
      get: {
        summary: 'A requested tour as a calendar file (`test-{year}.{month}.{day}.ical`).',
        tags: ['tours'],
        security: [...tokenAuth, {}],
        parameters: [
          pathParameter('calendar', '`<id>/ical`.'),
          { name: 'token', in: 'query', description: 'The signed token of the `ical` link, instead of signing in.', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'The calendar.', content: { 'text/calendar': {} } }, 404: error('No such tour, or not yours.') },
      },
    },
    '/v1/api/open-houses/{calendar}': {
      get: {
        summary: 'An open house as a calendar file.',
        tags: ['tours'],
        security: [...tokenAuth, {}],
        parameters: [
          pathParameter('calendar', '`<id>/ical`.'),
          { name: 'token', in: 'query', description: 'The signed token of the `ical` link.', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'The calendar.', content: { 'text/calendar': {} } }, 404: error('No such open house, or not readable.') },
      },
    },
    '/v1/api/documents/{file}': {
      get: {
        summary: 'An uploaded document, only through the signed link of `UploadedDocument.file`/`downloadUrl` (5 minutes, for one viewer).',
        tags: ['documents'],
        parameters: [
          pathParameter('file', 'The document id.'),
          { name: 'holder', in: 'query', required: true, description: 'Whom the link was made for.', schema: { type: 'string' } },
          { name: 'expires', in: 'query', required: true, description: 'Unix seconds.', schema: { type: 'string' } },
          { name: 'signature', in: 'query', required: true, description: 'HMAC-SHA256 of the rest.', schema: { type: 'string' } },
          { name: 'download', in: 'query', description: '`1`: as an attachment.', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'The file (PDF or image).' }, 404: error('Forged, expired, for someone else, or no longer readable.') },
      },
    },
    '/v1/api/marketing-materials/{file}': {
      get: {
        summary: 'A marketing material rendered (`<id>/pdf`: print-ready at the template\'s page size; `<id>/png`: at its pixel size), named `<template>-<id>.pdf|png`, only through the signed links of `MarketingMaterial` (5 minutes, for one viewer).',
        tags: ['documents'],
        parameters: [
          pathParameter('file', '`<id>/pdf` or `<id>/png`.'),
          { name: 'partner', in: 'query', required: true, description: 'The partner whose branding the material carries.', schema: { type: 'string' } },
          { name: 'holder', in: 'query', required: true, description: 'Whom the link was made for.', schema: { type: 'string' } },
          { name: 'expires', in: 'query', required: true, description: 'Unix seconds.', schema: { type: 'string' } },
          { name: 'signature', in: 'query', required: true, description: 'HMAC-SHA256 of the rest.', schema: { type: 'string' } },
          { name: 'download', in: 'query', description: '`1`: as an attachment.', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'The PDF or PNG.' }, 404: error('Forged, expired, for someone else, or no longer readable.') },
      },
    },
    '/v1/api/marketing-templates/{file}': {
      get: {
        summary: 'A marketing template\'s preview image (`<id>/preview.png`), 360 pixels wide, rendered from the template with sample texts.',
        tags: ['documents'],
        parameters: [pathParameter('file', '`<template id>/preview.png`.')],
        responses: { 200: { description: 'The PNG.', content: { 'image/png': {} } }, 404: error('No such template.') },
      },
    },
    '/v1/api/generated-pdfs/{file}': {
      get: {
        summary: 'A generated PDF (`<id>/pdf`, `<id>/attachment`, `<id>/signed`), only through the signed links of `GeneratedPdf`; downloads are named `download-{year}.{month}.{day}.pdf`.',
        tags: ['documents'],
        parameters: [
          pathParameter('file', '`<id>/pdf`, `<id>/attachment` or `<id>/signed`.'),
          { name: 'holder', in: 'query', required: true, description: 'Whom the link was made for.', schema: { type: 'string' } },
          { name: 'expires', in: 'query', required: true, description: 'Unix seconds.', schema: { type: 'string' } },
          { name: 'signature', in: 'query', required: true, description: 'HMAC-SHA256 of the rest.', schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'The PDF.', content: { 'application/pdf': {} } }, 404: error('Forged, expired, for someone else, or not ready.') },
      },
      post: {
        summary: 'Signs a generated PDF (`<id>/sign`): the typed name (or drawn PNG) stamped on the form, an audit page appended with the time, the IP and the SHA-256 of the document before signing.',
        tags: ['documents'],
        security: tokenAuth,
        parameters: [pathParameter('file', '`<id>/sign`.')],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['signerName'],
                properties: {
                  signerName: { type: 'string', minLength: 2, maxLength: 120 },
                  signature: { type: 'string', description: 'A drawn signature as a `data:image/png;base64,…` URL (at most 200 kB).' },
                },
              },
            },
          },
        },
        responses: {
          200: { description: '`{ signedPdf, signedAt, documentSha256, signedSha256 }`.', ...json({ type: 'object' }) },
          400: error('A bad name or signature.'),
          401: error('Not signed in.'),
          404: error('No such PDF, not yours, or not ready.'),
        },
      },
    },
    '/v1/api/payments/': {
      post: {
        summary: "Buys an application tier for a case (spec §7; the case's owner only): a free tier is applied at once; a paid one becomes an order awaiting payment (a Stripe Checkout Session whose hosted page returns to `returnUrl`, or a mailed invoice when Stripe is not configured). The case's tier changes only on the provider's verified success, never on the return.",
        tags: ['payments'],
        security: tokenAuth,
        parameters: [partnerParameter],
        requestBody: { required: true, ...json(input(PaymentBody)) },
        responses: {
          201: { description: '`{ order, tier, checkoutUrl }`: the new order (`status` awaiting_payment, or paid for a free tier); `checkoutUrl`: Stripe Checkout\'s page to send the customer to (null for invoices and free tiers).', ...json({ type: 'object' }) },
          200: { description: '`{ order, tier, checkoutUrl }`: the order for this tier that already awaits payment (with Stripe, its Checkout page again while the session is open).', ...json({ type: 'object' }) },
          400: error('`validation`: not a tier of this case, or not above its current tier; a `returnUrl` missing (Stripe) or not on the partner\'s origins.'),
          401: error('Not signed in.'),
          404: error('No such case, or not yours.'),
          409: error('`payment_pending`: another tier awaits payment.'),
          502: error('`provider_unavailable`: the payment provider did not answer; the order is marked failed.'),
        },
      },
    },
    '/v1/api/payments/webhook/': {
      post: {
        summary: "Stripe's events (checkout.session.completed, async_payment_succeeded, async_payment_failed, expired; payment_intent.* for orders made before Checkout), verified by the `Stripe-Signature` header; an event id seen before changes nothing. 404 while Stripe is not configured.",
        tags: ['payments'],
        requestBody: { required: true, ...json({ type: 'object', description: 'A Stripe event.' }) },
        responses: {
          200: { description: '`{ received: true, outcome }`: applied, duplicate or ignored.', ...json({ type: 'object' }) },
          400: error('`bad_signature`: nothing applied.'),
          404: error('Stripe is not configured here.'),
        },
      },
    },
    '/tiles/source.json': {
      get: {
        summary: "The basemap's credit line and zoom range.",
        tags: ['maps'],
        parameters: [partnerParameter],
        responses: { 200: { description: '`{ basemap: { attribution, retina, minZoom, maxZoom } }`, or `{ basemap: null }`.', ...json({ type: 'object' }) } },
      },
    },
    '/tiles/{tile}': {
      get: {
        summary: 'A basemap tile.',
        tags: ['maps'],
        parameters: [partnerParameter, pathParameter('tile', '`{z}/{x}/{y}.png` or `{z}/{x}/{y}@2x.png`.')],
        responses: {
          200: { description: 'The PNG tile.', content: { 'image/png': {} } },
          400: error('`bad_tile`: z 0–19, x and y below 2^z.'),
          404: error('`tile_not_found`.'),
          502: error('`tile_provider_failed`: the provider gave no tile (the same answer whatever it said).'),
          503: error("`tile_provider_busy`: too many of this partner's tiles are being fetched."),
          504: error('`tile_provider_timeout`.'),
        },
      },
    },
    '/healthz': {
      get: { summary: 'The server and its database answer.', tags: ['operations'], responses: { 200: { description: 'Healthy.', ...json({ type: 'object' }) } } },
    },
    '/readyz': {
      get: {
        summary: 'Ready for traffic: the database answers, the upload storage writes and reads, every migration is applied (docs/operations.md).',
        tags: ['operations'],
        responses: {
          200: { description: 'Ready: `{ ready: true, checks }`.', ...json({ type: 'object' }) },
          503: { description: 'Not ready: `{ ready: false, checks, failed }` names the checks that failed (database, storage, migrations).', ...json({ type: 'object' }) },
        },
      },
    },
    '/metrics': {
      get: {
        summary: 'Prometheus metrics, with `Authorization: Bearer <METRICS_TOKEN>`; 404 when the server has no token (docs/operations.md).',
        tags: ['operations'],
        responses: {
          200: { description: 'The text exposition format.', content: { 'text/plain': {} } },
          401: error('`unauthorized`: no token, or not the operator\'s.'),
          404: error('`not_found`: no METRICS_TOKEN is set.'),
        },
      },
    },
    [OPENAPI_PATH]: {
      get: { summary: 'This document.', tags: ['operations'], responses: { 200: { description: 'OpenAPI 3.1.', ...json({ type: 'object' }) } } },
    },
  };
}

export const OPENAPI_PATH = '/v1/api/openapi.json';

/** The router path a documented path is served by: `/v1/api/reset/{token}` → `/v1/api/reset/*`. */
export const routeOf = (path: string) => (path.includes('{') ? `${path.slice(0, path.indexOf('{'))}*` : path);

let built: JsonSchema | null = null;

export function openApiDocument(version: string): JsonSchema {
  built ??= {
    openapi: '3.1.0',
    info: {
      title: 'Hearth REST API',
      version,
      description:
        'The REST endpoints of spec §7. GraphQL (POST /graphql/, /public_graphql/) is described by its schema, server/schema.graphql. Errors are `{ error, message, fields? }`.',
    },
    paths: operations(),
    components: {
      parameters: {
        partner: { name: 'partner', in: 'query', description: "The partner's slug; default: the partner of the page's domain, else `default`.", schema: { type: 'string' } },
      },
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <token>` from /v1/api/api-token-auth/.' },
        session: { type: 'apiKey', in: 'cookie', name: 'sessionid', description: "The hosted site's session cookie, with the `X-CSRFToken` header on writes." },
        partnerKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: "`Partner <key>`: the partner's API key." },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: { error: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } },
        },
        User: output(userSchema.schema()),
        TokenAndUser: { type: 'object', required: ['token', 'user'], properties: { token: { type: 'string' }, user: ref('User') } },
        PasswordRequirements: {
          type: 'array',
          items: {
            type: 'object',
            properties: { help_text: { type: 'string' }, is_valid: { type: 'boolean' }, validation_error: { type: ['string', 'null'] } },
          },
        },
      },
    },
  };
  return built;
}

export const openApiRoutes: Record<string, Route> = {
  [OPENAPI_PATH]: {
    GET: (ctx) => sendJson(ctx.res, 200, openApiDocument(ctx.services.config.cdnVersion), { 'Cache-Control': 'public, max-age=300' }),
  },
};
