import type {
  AdminFeedbackMessage,
  FeedbackMessage,
  SearchPage,
  SearchQuery,
  SendFeedbackRequest,
} from '@automate/contract';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { findUsers } from '../users/users.service.ts';
import { findVendors } from '../vendors/vendors.service.ts';
import { type FeedbackRow, insertFeedback, searchFeedback } from './feedback.repository.ts';

function toFeedbackMessage(row: FeedbackRow): FeedbackMessage {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    message: row.message,
    rating: row.rating,
    page: row.page,
  };
}

/** Stores what `caller` sent from the business `vendorId`. */
export async function sendFeedback(
  deps: Deps,
  vendorId: string,
  caller: Pick<Caller, 'id'>,
  feedback: SendFeedbackRequest,
): Promise<FeedbackMessage> {
  const row = await insertFeedback(deps.database.db, {
    vendorId,
    userId: caller.id,
    message: feedback.message,
    rating: feedback.rating ?? null,
    page: feedback.page,
    createdAt: deps.clock.now(),
  });
  return toFeedbackMessage(row);
}

/** Every business's feedback for super admins, newest first unless asked otherwise, each with its business and sender. */
export async function listFeedback(deps: Deps, query: SearchQuery): Promise<SearchPage<AdminFeedbackMessage>> {
  const { db } = deps.database;
  const page = await searchFeedback(db, query);
  const [vendors, users] = await Promise.all([
    findVendors(db, [...new Set(page.rows.map((row) => row.vendorId))]),
    findUsers(db, [...new Set(page.rows.map((row) => row.userId))]),
  ]);
  const vendorOf = new Map(vendors.map((vendor) => [vendor.id, vendor]));
  const userOf = new Map(users.map((user) => [user.id, user]));
  return {
    ...page,
    rows: page.rows.map((row) => {
      const vendor = vendorOf.get(row.vendorId);
      const user = userOf.get(row.userId);
      return {
        ...toFeedbackMessage(row),
        vendorId: row.vendorId,
        vendorName: vendor?.name ?? '',
        vendorTimeZone: vendor?.timeZone ?? '',
        userId: row.userId,
        userName: user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '',
        userEmail: user?.email ?? '',
      };
    }),
  };
}
