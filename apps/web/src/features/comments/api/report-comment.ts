import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notifications';
import { memberMessages as messages } from '../member-messages';

/** The server keeps up to this many characters of a reason (`commentReportInput`). */
export const REPORT_REASON_MAX = 500;

/** `POST /api/user/comments/{id}/report` — once per member; not one's own comment. */
export async function reportComment(id: number, reason: string): Promise<void> {
  await api.post('/api/user/comments/{id}/report', { path: { id }, body: reason ? { reason: reason.slice(0, REPORT_REASON_MAX) } : {} });
}

/**
 * A Persian confirmation when it is sent; a second report of the same comment (409) and any
 * other failure reach the member, in the server's words, from the query client's one handler.
 */
export const useReportComment = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => reportComment(id, reason),
    onSuccess: () => notifySuccess(messages.report.done),
  });
