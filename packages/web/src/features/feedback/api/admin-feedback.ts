import { AdminFeedbackMessage, type SearchQueryInput, searchPage, toSearchParams } from '@automate/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

const FeedbackPage = searchPage(AdminFeedbackMessage);

/** `GET /api/Admin/feedback/search`: every business's feedback, newest first; filterable by rating, vendorId, userId, message. */
export function useAdminFeedbackSearch(query: SearchQueryInput) {
  return useQuery({
    queryKey: ['admin-feedback', query],
    queryFn: ({ signal }) => apiGet('/Admin/feedback/search', FeedbackPage, { query: toSearchParams(query), signal }),
    placeholderData: keepPreviousData,
  });
}
