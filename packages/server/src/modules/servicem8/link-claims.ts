import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';

const ISSUER = 'automate:sm8-link';
export const LINK_CLAIM_MINUTES = 30;

/**
 * A ServiceM8 login an add-on event proved (the account and the staff member ServiceM8 signed), with the
 * business connected to the account, signed so it cannot be altered while the person proves their
 * Automate account. The names are what ServiceM8 and Automate call them, for the confirm page.
 */
const LinkClaim = z.object({
  accountUuid: z.string().min(1),
  staffUuid: z.string().min(1),
  vendorId: z.uuid(),
  accountName: z.string(),
  staffName: z.string(),
});
export type LinkClaim = z.infer<typeof LinkClaim>;

export async function signLinkClaim(key: Uint8Array, claim: LinkClaim, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ claim })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LINK_CLAIM_MINUTES * 60)
    .sign(key);
}

/** The claim and when it expires; a 400 with a sentence for anything altered, expired or not ours. */
export async function readLinkClaim(
  key: Uint8Array,
  token: string,
  now: Date,
): Promise<{ claim: LinkClaim; expiresAt: Date }> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp', 'iat'],
    });
    return { claim: LinkClaim.parse(payload.claim), expiresAt: new Date((payload.exp ?? 0) * 1000) };
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      'This ServiceM8 login has expired or is not valid. Open Automate from ServiceM8 again to link it.',
    );
  }
}
