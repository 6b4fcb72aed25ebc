import { z } from 'zod';

/** What the public pages and the app shell need before anyone signs in (`GET /api/Public/fetchdata`). */
export const PublicData = z.object({
  appVersion: z.string(),
  /** The payment provider's publishable key; null when billing runs on the local test checkout. */
  paymentPublishableKey: z.string().nullable(),
  /** The external feedback form embedded by the feedback dialog; null: the dialog offers the built-in form. */
  feedbackFormUrl: z.url().nullable(),
  supportEmail: z.string(),
  /** True when the product runs on the local ServiceM8 simulator with demo data. */
  demoMode: z.boolean(),
});
export type PublicData = z.infer<typeof PublicData>;
