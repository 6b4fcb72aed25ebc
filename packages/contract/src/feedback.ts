import { z } from 'zod';
import { atMost, say } from './field-words.ts';

/** Feedback sent from inside the app (when no external feedback form is configured), and the super admin's list of it. */

/** The longest message the feedback form takes. */
export const FEEDBACK_MESSAGE_MAX = 2000;
/** The longest page address stored with a message. */
export const FEEDBACK_PAGE_MAX = 500;

/** `POST /vendor/{vendorId}/Feedback`: what the person wrote, how they rate the app (optional), and the page they were on. */
export const SendFeedbackRequest = z.object({
  message: z
    .string(say('Message', 'write what you would like to tell us'))
    .trim()
    .min(1, say('Message', 'write what you would like to tell us'))
    .max(FEEDBACK_MESSAGE_MAX, atMost('Message', FEEDBACK_MESSAGE_MAX)),
  rating: z
    .number(say('Rating', 'choose from 1 to 5 stars'))
    .int(say('Rating', 'choose from 1 to 5 stars'))
    .min(1, say('Rating', 'choose from 1 to 5 stars'))
    .max(5, say('Rating', 'choose from 1 to 5 stars'))
    .nullable()
    .optional(),
  page: z
    .string(say('Page', 'send the address of the page the feedback is about'))
    .trim()
    .min(1, say('Page', 'send the address of the page the feedback is about'))
    .max(FEEDBACK_PAGE_MAX, atMost('Page', FEEDBACK_PAGE_MAX)),
});
export type SendFeedbackRequest = z.infer<typeof SendFeedbackRequest>;

/** A message as stored: answered to the sender. */
export const FeedbackMessage = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  message: z.string(),
  /** 1 to 5; null when the person did not rate. */
  rating: z.number().int().nullable(),
  /** The app's page it was sent from (`/app/automation/logs`). */
  page: z.string(),
});
export type FeedbackMessage = z.infer<typeof FeedbackMessage>;

/** A message in the super admin's list, with who sent it from which business (the business's clock for its time). */
export const AdminFeedbackMessage = FeedbackMessage.extend({
  vendorId: z.uuid(),
  vendorName: z.string(),
  vendorTimeZone: z.string(),
  userId: z.uuid(),
  userName: z.string(),
  userEmail: z.string(),
});
export type AdminFeedbackMessage = z.infer<typeof AdminFeedbackMessage>;
