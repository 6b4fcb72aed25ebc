import {
  EmailOnlyRequest,
  LoginRequest,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  TokenLinkRequest,
  UserSession,
} from '@automate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access } from '../../http/access.ts';
import { answerRoute } from '../../http/answer-route.ts';
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

/** Sign-in, registration and the emailed links. Public, and rate-limited per IP address. */
export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  const publicLimited = {
    access: access.public,
    rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' },
  };
  return async (app) => {
    answerRoute(app, {
      method: 'POST',
      url: '/Auth/login',
      ...publicLimited,
      document: { errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'ACCOUNT_LOCKED'] },
      tags,
      summary: 'Sign in with email and password',
      description:
        'Answers the session to store in the browser. Wrong credentials get one message that does not say which ' +
        'part was wrong. After 5 failures in 15 minutes the account is locked for 15 minutes: 423 with `lockedOut: true`.',
      body: LoginRequest,
      data: UserSession,
      answer: (request) => login(deps, request.body),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Auth/register',
      ...publicLimited,
      tags,
      summary: 'Create an account and its business (vendor)',
      description:
        'The new user is the Admin of the new vendor. A confirmation link is emailed. For an address that ' +
        'already has an account the answer is the same, and its owner is emailed instead.',
      body: RegisterRequest,
      data: RegisterResponse,
      status: 201,
      message: ({ email }) => `We sent a confirmation link to ${email}. Open it to finish signing up.`,
      answer: (request) => register(deps, request.body),
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Auth/verify',
      ...publicLimited,
      tags,
      summary: 'Confirm an email address with the emailed link',
      body: TokenLinkRequest,
      data: z.null(),
      message: 'Your email address is confirmed. You can sign in now.',
      answer: async (request) => {
        await verifyEmail(deps, request.body);
        return null;
      },
    });

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
      answerRoute(app, {
        method: 'POST',
        url,
        ...publicLimited,
        tags,
        summary,
        description: 'Answers the same whether or not the address belongs to an account.',
        body: EmailOnlyRequest,
        data: z.null(),
        message,
        answer: async (request) => {
          await send(deps, request.body.email);
          return null;
        },
      });
    }

    answerRoute(app, {
      method: 'POST',
      url: '/Auth/password/reset/check',
      ...publicLimited,
      tags,
      summary: 'Check an emailed password-reset link before a new password is typed',
      description: 'Uses nothing: 200 when the link can still set a password, 400 saying why it cannot.',
      body: TokenLinkRequest,
      data: z.null(),
      message: 'This link can set a new password.',
      answer: async (request) => {
        await checkPasswordResetLink(deps, request.body);
        return null;
      },
    });

    answerRoute(app, {
      method: 'POST',
      url: '/Auth/password/reset',
      ...publicLimited,
      tags,
      summary: 'Choose a new password with the emailed link',
      description: 'Ends every earlier session of the account and lifts a lock-out.',
      body: ResetPasswordRequest,
      data: z.null(),
      message: 'Your password has been changed. Sign in with the new one.',
      answer: async (request) => {
        await resetPassword(deps, request.body);
        return null;
      },
    });
  };
}
