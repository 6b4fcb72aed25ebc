/**
 * Stripe's test card numbers the hosted pages accept. `attachFails` cards are refused when entered;
 * `chargeFails` cards are accepted and saved, and every later charge on them fails (as 4000 0000 0000
 * 0341 does on Stripe: the way to test a failed renewal).
 */
export type TestCard = {
  brand: string;
  attachFails: boolean;
  chargeFails: boolean;
  declineCode?: string;
  message?: string;
};

const DECLINED = 'Your card was declined.';

export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', attachFails: false, chargeFails: false },
  '5555555555554444': { brand: 'mastercard', attachFails: false, chargeFails: false },
  '4000000000000341': {
    brand: 'visa',
    attachFails: false,
    chargeFails: true,
    declineCode: 'generic_decline',
    message: DECLINED,
  },
  '4000000000000002': {
    brand: 'visa',
    attachFails: true,
    chargeFails: true,
    declineCode: 'generic_decline',
    message: DECLINED,
  },
  '4000000000009995': {
    brand: 'visa',
    attachFails: true,
    chargeFails: true,
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

export const CARD_NUMBER_INVALID = 'Your card number is invalid.';

/** The card for a number as typed (spaces allowed), or undefined for a number Stripe's test mode rejects. */
export function findTestCard(typed: string): { number: string; card: TestCard } | undefined {
  const number = typed.replace(/[\s-]/g, '');
  const card = TEST_CARDS[number];
  return card ? { number, card } : undefined;
}
