import {
  CompleteSm8ConnectionRequest,
  ConfirmSm8BusinessRequest,
  ConfirmSm8LinkRequest,
  Sm8AddonCodeRequest,
  Sm8AddonEventBody,
  Sm8AddonEventResponse,
  Sm8BusinessConfirmed,
  Sm8ConnectionCandidates,
  Sm8ConnectionQuery,
  Sm8ConnectOutcome,
  Sm8Identity,
  Sm8LinkClaimQuery,
  Sm8LinkClaimSummary,
  Sm8LinkEmailRequest,
  Sm8SignedIn,
  Sm8SignInOutcome,
  Sm8TokenLoginQuery,
  successEnvelope,
} from '@automate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller } from '../../http/access.ts';
import { answerRoute, replyRoute } from '../../http/answer-route.ts';
import { AppError } from '../../http/app-error.ts';
import { ADDON_CODE_MINUTES, addonCodeLogin, answerAddonEvent, tokenLogin } from './addon-sign-in.service.ts';
import { completeConnect, confirmNewBusiness, finishConsent, listCandidates, startConnect } from './connect.service.ts';
import { CONNECT_STATE_MINUTES } from './connect-state.ts';
import {
  confirmLink,
  describeClaim,
  emailLinkProof,
  listIdentities,
  removeIdentity,
} from './identity-links.service.ts';

const tags = ['ServiceM8 sign-in'];
/** An add-on event JWT is a few hundred bytes. */
const ADDON_EVENT_BODY_LIMIT = 16 * 1024;

/** The event JWT of an add-on POST: the whole body, or its form field `jwt`; undefined when neither. */
function addonEventJwt(request: FastifyRequest): string | undefined {
  if (request.validationError) return undefined;
  const body = request.body as Sm8AddonEventBody;
  return (typeof body === 'string' ? body : body.jwt).trim();
}
/** Holds the nonce of the OAuth state, so the callback only completes in the browser that started it. */
const STATE_COOKIE = 'automate_sm8_state';
const STATE_COOKIE_PATH = '/api/Auth/servicem8';

/** Connecting a ServiceM8 account, signing in from inside ServiceM8, and the user's linked ServiceM8 logins. */
export function sm8SignInRoutes(deps: Deps): FastifyPluginAsyncZod {
  const secureCookie = deps.config.publicUrl.startsWith('https:');
  const pageWithError = (error: unknown) => {
    const message = error instanceof AppError ? error.message : 'Connecting to ServiceM8 failed. Please try again.';
    if (!(error instanceof AppError)) deps.logger.error({ err: error }, 'ServiceM8 connection failed');
    return `${deps.config.publicUrl}/sm8/activate?${new URLSearchParams({ error: message }).toString()}`;
  };
  const clearStateCookie = (reply: FastifyReply) =>
    reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: secureCookie });
  const rateLimited = {
    access: access.public,
    rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' },
  };
  // The add-on's routes: a session for the business of the ServiceM8 account, or what linking needs.
  const signIn = { tags, data: Sm8SignInOutcome };

  return async (app) => {
    replyRoute(app, {
      method: 'GET',
      url: '/Auth/login/servicem8',
      ...rateLimited,
      document: { redirect: "To ServiceM8's consent page (or the sign-in page, with why)." },
      tags,
      summary: 'Start signing in with ServiceM8 (redirects to its consent page)',
      description:
        `Sets an HttpOnly cookie (${CONNECT_STATE_MINUTES} minutes) naming this start, which the callback must ` +
        'find again and uses up. Limited per client address, as each start is stored until it is used or expires.',
      reply: async (_request, reply) => {
        try {
          const { url, nonce } = await startConnect(deps);
          reply.setCookie(STATE_COOKIE, nonce, {
            path: STATE_COOKIE_PATH,
            httpOnly: true,
            // Lax: the cookie comes back on ServiceM8's top-level redirect to the callback.
            sameSite: 'lax',
            secure: secureCookie,
            signed: true,
            maxAge: CONNECT_STATE_MINUTES * 60,
          });
          return reply.redirect(url);
        } catch (error) {
          return reply.redirect(pageWithError(error));
        }
      },
    });

    replyRoute(app, {
      method: 'GET',
      url: '/Auth/servicem8/callback',
      access: access.public,
      document: { redirect: 'To `/sm8/activate`, with `error=…` when refused.' },
      tags,
      summary: 'Where ServiceM8 returns after consent (redirects to /sm8/activate)',
      description:
        'Continues only in the browser that started signing in, once: with `state`, the state must be ours and ' +
        'match the browser’s cookie; without it (ServiceM8 need not send it back), the cookie must name a start ' +
        'not yet used. Anything else redirects to `/sm8/activate?error=…` and connects nothing.',
      querystring: z.object({
        code: z.string().max(2000).optional(),
        state: z.string().max(2000).optional(),
        error: z.string().max(2000).optional(),
      }),
      reply: async (request, reply) => {
        const cookie = request.cookies[STATE_COOKIE];
        const unsigned = cookie ? request.unsignCookie(cookie) : undefined;
        try {
          const { page, startUsed } = await finishConsent(
            deps,
            request.query,
            unsigned?.valid ? (unsigned.value ?? undefined) : undefined,
          );
          // A callback that is not this browser's own leaves its start, and so its cookie, usable.
          if (startUsed) clearStateCookie(reply);
          return reply.redirect(page);
        } catch (error) {
          clearStateCookie(reply);
          return reply.redirect(pageWithError(error));
        }
      },
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Auth/servicem8/vendors',
      document: { errors: ['NOT_FOUND'] },
      access: access.public,
      tags,
      summary: 'The ServiceM8 account of a pending sign-in, to choose how to activate it',
      description: 'Signed-in callers also get the businesses they could connect it to (`targets`).',
      querystring: Sm8ConnectionQuery,
      data: Sm8ConnectionCandidates,
      answer: (request) => listCandidates(deps, request.query.connection, request.caller),
    });

    answerRoute(app, {
      ...rateLimited,
      tags,
      method: 'POST',
      url: '/Auth/servicem8/complete',
      document: { errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT', 'SERVICE_UNAVAILABLE'] },
      summary: 'Activate the ServiceM8 account the browser authorised',
      description:
        'Consent proves only that this browser can authorise the account, so this never signs anyone in or changes ' +
        'who belongs to a business. Signed in: connects the account to `vendorId` (a business the caller is an ' +
        'Admin of; the one already connected to it reconnects) or, without `vendorId`, to a new business with the ' +
        'caller as Admin; an account another business uses is a 409. Not signed in: `newOwner` asks for a new ' +
        'business for an account no business uses; `ConfirmEmail` answers the same whether or not the address has ' +
        'an account, and the business is created when the owner opens the emailed link. Every connection is in ' +
        'the business’s activity history; webhooks and reference data follow in the background.',
      body: CompleteSm8ConnectionRequest,
      data: Sm8ConnectOutcome,
      answer: (request) => completeConnect(deps, request.body, request.caller),
    });

    answerRoute(app, {
      ...rateLimited,
      tags,
      method: 'POST',
      url: '/Auth/servicem8/business/confirm',
      document: { errors: ['UNAUTHENTICATED', 'CONFLICT'] },
      summary: 'Confirm the owner of a new business asked for with ServiceM8, which creates it',
      description:
        'The emailed link’s token proves the address: the business is created and connected with them as its ' +
        'Admin (unless another business connected the account meanwhile), and they are signed in.',
      body: ConfirmSm8BusinessRequest,
      data: Sm8BusinessConfirmed,
      answer: (request) => confirmNewBusiness(deps, request.body),
    });

    answerRoute(app, {
      ...signIn,
      method: 'GET',
      url: '/Auth/servicem8/tokenlogin',
      document: { errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'] },
      access: access.public,
      summary: 'Sign in from inside ServiceM8 with an add-on event token',
      description:
        'Signs in the user who linked this ServiceM8 login, for the business of its account only, or answers ' +
        '`LinkNeeded`. Each token works once; tokens older than 10 minutes are refused.',
      querystring: Sm8TokenLoginQuery,
      answer: (request) => tokenLogin(deps, request.query.token),
    });

    // ServiceM8 POSTs the add-on event as text/plain, with no Content-Type, or form-encoded: parsed
    // for these routes only.
    await app.register(async (addon) => {
      addon.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      addon.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });

      addon.post(
        '/Auth/servicem8/addon',
        {
          config: { access: access.public },
          bodyLimit: ADDON_EVENT_BODY_LIMIT,
          // A body that is not an event still gets a page: ServiceM8 shows an empty window for an error.
          attachValidation: true,
          schema: {
            tags,
            summary: 'The ServiceM8 add-on callback: answers the add-on window',
            description:
              'The callback URL of the add-on in ServiceM8’s developer portal. ServiceM8 POSTs the add-on event, a ' +
              'JWT signed (HS256) with the app secret, as the body (`text/plain` or no Content-Type) or in the ' +
              'form field `jwt`. The answer is always 200 `{eventResponse}`, HTML that ServiceM8 shows in its ' +
              'add-on window: for a valid event (at most 10 minutes old) of a connected account, a button opening ' +
              `\`/sm8/addon?code=…\` in a new tab, whose one-time code signs the staff member in once within ` +
              `${ADDON_CODE_MINUTES} minutes; otherwise a page saying the link is not valid, or that the account ` +
              'is not connected yet. The answer forbids no framing (no X-Frame-Options), as ServiceM8 asks; each ' +
              'call is logged with its Content-Type.',
            consumes: ['text/plain', 'application/x-www-form-urlencoded'],
            body: Sm8AddonEventBody,
            response: { 200: Sm8AddonEventResponse },
          },
        },
        async (request, reply) => {
          const window = await answerAddonEvent(deps, addonEventJwt(request));
          // ServiceM8 does not document how it labels the event: the log line says, for each call.
          request.log.info(
            { contentType: request.headers['content-type'] ?? null, shows: window.shows },
            'ServiceM8 add-on event answered',
          );
          // ServiceM8 renders the answer in an iframe and asks add-ons not to forbid framing it.
          reply.removeHeader('x-frame-options');
          reply.removeHeader('content-security-policy');
          return { eventResponse: window.html };
        },
      );
    });

    answerRoute(app, {
      ...signIn,
      ...rateLimited,
      method: 'POST',
      url: '/Auth/servicem8/addon/code',
      document: { errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'] },
      summary: 'Sign in with the one-time code of the ServiceM8 add-on window',
      description:
        'The code works once, within ' +
        `${ADDON_CODE_MINUTES} minutes of ServiceM8 opening the add-on window; then the same rules as ` +
        '`tokenlogin`: the user who linked the login is signed in, or `LinkNeeded`. A used, expired or ' +
        'unknown code is a 401.',
      body: Sm8AddonCodeRequest,
      answer: (request) => addonCodeLogin(deps, request.body.code),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/Auth/servicem8/link',
      document: { errors: ['NOT_FOUND'] },
      access: access.public,
      tags,
      summary: 'What linking the claimed ServiceM8 login would do',
      querystring: Sm8LinkClaimQuery,
      data: Sm8LinkClaimSummary,
      answer: (request) => describeClaim(deps, request.query.claim),
    });

    replyRoute(app, {
      method: 'POST',
      url: '/Auth/servicem8/link/email',
      ...rateLimited,
      tags,
      summary: 'Email a link to prove an Automate address and link the claimed ServiceM8 login to it',
      description:
        'The address is the one the person gives (their own Automate address), never one ServiceM8 holds. ' +
        'Answers the same whether or not an account uses it.',
      body: Sm8LinkEmailRequest,
      response: { 200: successEnvelope(z.null()) },
      // The sentence depends on the request, so the answer is sent here rather than through answerRoute.
      reply: async (request, reply) =>
        reply.send({ success: true as const, data: null, message: await emailLinkProof(deps, request.body) }),
    });

    answerRoute(app, {
      ...rateLimited,
      tags,
      method: 'POST',
      url: '/Auth/servicem8/link',
      document: { errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'CONFLICT'] },
      summary: 'Link the claimed ServiceM8 login to an Automate account the person proves now',
      description:
        '`proof` is the account’s email and password, or the mailed link’s token; a session is not proof. The ' +
        'account must be a member of the business of that ServiceM8 account (or join it as User, where the ' +
        'business allows its ServiceM8 staff to), else 403; platform staff are refused (403); a login linked ' +
        'to someone else is a 409. Answers a session for that business only.',
      body: ConfirmSm8LinkRequest,
      data: Sm8SignedIn,
      answer: (request) => confirmLink(deps, request.body),
    });

    answerRoute(app, {
      method: 'GET',
      url: '/User/servicem8/identities',
      access: access.signedIn,
      tags,
      summary: 'The ServiceM8 logins linked to the signed-in user',
      data: z.array(Sm8Identity),
      answer: (request) => listIdentities(deps, requireCaller(request).id),
    });

    answerRoute(app, {
      method: 'DELETE',
      url: '/User/servicem8/identities/:accountUuid/:staffUuid',
      access: access.signedIn,
      tags,
      summary: 'Unlink one of the signed-in user’s ServiceM8 logins',
      description:
        'Opening Automate from ServiceM8 as that staff member no longer signs this user in. 404 for anyone else’s.',
      params: z.object({ accountUuid: z.string().max(100), staffUuid: z.string().max(100) }),
      data: z.null(),
      message: 'The ServiceM8 login is no longer linked to you.',
      answer: async (request) => {
        await removeIdentity(deps, requireCaller(request).id, request.params);
        return null;
      },
    });
  };
}
