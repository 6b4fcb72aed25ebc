import type { SearchPage, SearchQuery } from '@automate/contract';
import type { Db } from '../../db/database.ts';
import { type SearchSpec, searchTable } from '../../db/search.ts';
import { feedbackMessages } from './feedback.schema.ts';

export type FeedbackRow = typeof feedbackMessages.$inferSelect;
type NewFeedback = typeof feedbackMessages.$inferInsert;

export async function insertFeedback(db: Db, values: NewFeedback): Promise<FeedbackRow> {
  const [row] = await db.insert(feedbackMessages).values(values).returning();
  if (!row) throw new Error('The feedback was not stored.');
  return row;
}

const feedbackSearch: SearchSpec = {
  resource: 'feedback messages',
  fields: {
    createdAt: { source: feedbackMessages.createdAt, kind: 'timestamp', sortable: true, filterable: true },
    rating: { source: feedbackMessages.rating, kind: 'number', sortable: true, filterable: true },
    vendorId: { source: feedbackMessages.vendorId, kind: 'uuid', filterable: true },
    userId: { source: feedbackMessages.userId, kind: 'uuid', filterable: true },
    message: { source: feedbackMessages.message, kind: 'text', filterable: true },
  },
  defaultSort: { field: 'createdAt', direction: 'Descending' },
  tiebreaker: feedbackMessages.id,
};

export function searchFeedback(db: Db, query: SearchQuery): Promise<SearchPage<FeedbackRow>> {
  return searchTable<FeedbackRow>(db, { table: feedbackMessages, spec: feedbackSearch, query });
}
