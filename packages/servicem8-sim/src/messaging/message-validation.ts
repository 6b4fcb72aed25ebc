/**
 * Checks of the Messaging API: SMS `to` in E.164 and `message` ≤ 1600 characters
 * with no special characters; email `to`, `subject`, and at least one non-empty body.
 * Returns the first problem as a sentence, or undefined.
 */
const SMS_MAX_LENGTH = 1600;
/** A message longer than this uses more than one credit. */
const SMS_SEGMENT_LENGTH = 153;

const E164 = /^\+[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;
/** `<platform-user-signature />`, any case. */
export const SIGNATURE_TAG = /<platform-user-signature\s*\/?>/i;

/**
 * The GSM 03.38 alphabet (basic set and extension table). "No special characters" is read as
 * "nothing outside the GSM alphabet" (emoji, smart quotes…); the exact rule is not in the sources.
 */
const GSM_CHARACTERS = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€',
);

function isE164(value: string): boolean {
  return E164.test(value);
}

function isEmailAddress(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** Splits `a@x.com, b@y.com` into addresses. */
function splitAddresses(value: string): string[] {
  return value
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export type SmsInput = { to?: string | undefined; message?: string | undefined };

export function validateSms(input: SmsInput): string | undefined {
  if (!input.to) return 'to is required';
  if (!isE164(input.to)) return 'to must be a phone number in E.164 format, e.g. +61412345678';
  if (!input.message) return 'message is required';
  if (input.message.length > SMS_MAX_LENGTH) return `message must be at most ${SMS_MAX_LENGTH} characters`;
  const special = [...input.message].find((character) => !GSM_CHARACTERS.has(character));
  if (special !== undefined) return `message contains a special character that cannot be sent by SMS: "${special}"`;
  return undefined;
}

export type EmailInput = {
  to?: string | undefined;
  subject?: string | undefined;
  htmlBody?: string | undefined;
  textBody?: string | undefined;
  cc?: string | undefined;
  replyTo?: string | undefined;
};

export function validateEmail(input: EmailInput): string | undefined {
  if (!input.to) return 'to is required';
  const recipients = splitAddresses(input.to);
  if (recipients.length === 0 || !recipients.every(isEmailAddress)) return 'to must be a valid email address';
  if (input.cc !== undefined && input.cc !== '' && !splitAddresses(input.cc).every(isEmailAddress)) {
    return 'cc must be a valid email address';
  }
  if (input.replyTo !== undefined && input.replyTo !== '' && !isEmailAddress(input.replyTo)) {
    return 'replyTo must be a valid email address';
  }
  if (!input.subject) return 'subject is required';
  if (input.htmlBody === '' || input.textBody === '')
    return 'htmlBody and textBody must not be empty strings; leave one out instead';
  if (input.htmlBody === undefined && input.textBody === undefined) return 'htmlBody or textBody is required';
  return undefined;
}

/** SMS credits a message uses (>153 characters spans several). */
export function countSmsCredits(message: string): number {
  return message.length <= 160 ? 1 : Math.ceil(message.length / SMS_SEGMENT_LENGTH);
}
