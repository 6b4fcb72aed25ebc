import { CurrentSubscription, Notice, searchPage, TriggerAttention, TriggerSummary } from '@automate/contract';
import { z } from 'zod';

/**
 * The schemas the signed-in shell and the dashboard read their data with, loaded apart from those pages
 * through `lazySchema`: with zod they were about a third of the dashboard's first load, and its requests
 * need them only once their answers are in.
 */
export {
  ArticleBySlug,
  PublicData,
  Sm8SyncResult,
  TriggerRunPage,
  UserSession,
  Vendor,
  WeekResults,
} from '@automate/contract';

export const ActiveSubscription = CurrentSubscription.nullable();
export const Notices = z.array(Notice);
export const NoticesRead = z.object({ read: z.number() });
export const TriggerAttentionList = z.array(TriggerAttention);
export const TriggerSummaryPage = searchPage(TriggerSummary);
/** The data of an answer that carries none (signing out). */
export const NoData = z.null();
