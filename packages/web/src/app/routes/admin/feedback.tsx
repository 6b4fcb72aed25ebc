import { AdminFeedback } from '@/features/feedback/components/admin-feedback.tsx';
import { paddedRoute } from '../route-pages.tsx';

/** /admin/feedback */
export const AdminFeedbackRoute = paddedRoute(() => <AdminFeedback />);
