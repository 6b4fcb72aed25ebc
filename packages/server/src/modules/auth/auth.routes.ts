import {
  EmailOnlyRequest,
  LoginRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  successEnvelope,
  TokenLinkRequest,
  UserSession,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import {
  checkPasswordResetLink,
  login,
  RESET_REQUESTED_MESSAGE,
  register,
  requestPasswordReset,
  requestVerificationEmail,
  resetPassword,
  VERIFICATION_REQUESTED_MESSAGE,
  verifyEmail,
} from './auth.service.ts';

const tags = ['Auth'];
const Empty = successEnvelope(z.null());

/** Sign-in, registration and the emailed links. Public, and rate-limited per IP address. */
export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  const config = {
    access: access.public,
    rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' },
  };
  return async (app) => {
    app.post(
      '/Auth/login',
      {
        config: {
          ...config,
          document: { errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'ACCOUNT_LOCKED'] },
        },
        schema: {
          tags,
          summary: 'Sign in with email and password',
          description:
            'Answers the session to store in the browser. Wrong credentials get one message that does not say which ' +
            'part was wrong. After 5 failures in 15 minutes the account is locked for 15 minutes: 423 with `lockedOut: true`.',
          body: LoginRequest,
          response: { 200: successEnvelope(UserSession) },
        },
      },
      async (request) => ({ success: true as const, data: await login(deps, request.body) }),
    );

    app.post(
      '/Auth/register',
      {
        config,
        schema: {
          tags,
          summary: 'Create an account and its business (vendor)',
          description:
            'The new user is the Admin of the new vendor. A confirmation link is emailed. For an address that ' +
            'already has an account the answer is the same, and its owner is emailed instead.',
          body: RegisterRequest,
          response: { 201: successEnvelope(RegisterResponse) },
        },
      },
      async (request, reply) => {
        const data = await register(deps, request.body);
        return reply.status(201).send({
          success: true as const,
          data,
          message: `We sent a confirmation link to ${data.email}. Open it to finish signing up.`,
        });
      },
    );

    app.post(
      '/Auth/verify',
      {
        config,
        schema: {
          tags,
          summary: 'Confirm an email address with the emailed link',
          body: TokenLinkRequest,
          response: { 200: Empty },
        },
      },
      async (request) => {
        await verifyEmail(deps, request.body);
        return { success: true as const, data: null, message: 'Your email address is confirmed. You can sign in now.' };
      },
    );

    const emailedLinks = [
      {
        url: '/Auth/verify/resend',
        summary: 'Send a new confirmation link',
        send: requestVerificationEmail,
        message: VERIFICATION_REQUESTED_MESSAGE,
      },
      {
        url: '/Auth/password/reset/request',
        summary: 'Email a link to choose a new password',
        send: requestPasswordReset,
        message: RESET_REQUESTED_MESSAGE,
      },
    ];
    for (const { url, summary, send, message } of emailedLinks) {
      app.post(
        url,
        {
          config,
          schema: {
            tags,
            summary,
            description: 'Answers the same whether or not the address belongs to an account.',
            body: EmailOnlyRequest,
            response: { 200: Empty },
          },
        },
        async (request) => {
          await send(deps, request.body.email);
          return { success: true as const, data: null, message };
        },
      );
    }

    app.post(
      '/Auth/password/reset/check',
      {
        config,
        schema: {
          tags,
          summary: 'Check an emailed password-reset link before a new password is typed',
          description: 'Uses nothing: 200 when the link can still set a password, 400 saying why it cannot.',
          body: TokenLinkRequest,
          response: { 200: Empty },
        },
      },
      async (request) => {
        await checkPasswordResetLink(deps, request.body);
        return { success: true as const, data: null, message: 'This link can set a new password.' };
      },
    );

    app.post(
      '/Auth/password/reset',
      {
        config,
        schema: {
          tags,
          summary: 'Choose a new password with the emailed link',
          description: 'Ends every earlier session of the account and lifts a lock-out.',
          body: ResetPasswordRequest,
          response: { 200: Empty },
        },
      },
      async (request) => {
        await resetPassword(deps, request.body);
        return {
          success: true as const,
          data: null,
          message: 'Your password has been changed. Sign in with the new one.',
        };
      },
    );
  };
}
