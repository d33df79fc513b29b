import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Ticket, type TicketCreated, type TicketStatus, ticketsApi } from '@vellum/contract';
import { call, urlOf } from '../../api/call';
import { api } from '../../api/client';
import { saveBlob } from '../../api/saveBlob';
import { uploadWithProgress } from '../../api/uploadWithProgress';

export const ticketKeys = {
  all: ['tickets'] as const,
  own: (page: number, size: number) => ['tickets', 'own', page, size] as const,
  list: (p: TicketListParams) => ['tickets', 'list', p] as const,
};

export interface TicketListParams {
  page: number;
  size: number;
  status?: TicketStatus;
}

/** What the help form sends: the ticket, and its attachment after it. */
export interface TicketInput {
  subject: string;
  description: string;
  url: string;
  attachment: File | null;
}

/** The outcome: the ticket number, and whether its attachment (when there was one) failed alone. */
export interface TicketOutcome extends TicketCreated {
  attachmentFailed: boolean;
}

/**
 * Sends a ticket, then its attachment (spec 000 §3, §8): a ticket that was created stays created
 * when only the attachment fails (the form warns with help.messages.attachment.error).
 */
export function useSendTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: TicketInput): Promise<TicketOutcome> => {
      const res = await call(ticketsApi.create, {
        body: { data: { subject: v.subject, description: v.description, url: v.url }, ticketType: 'SUPPORT_REQUEST' },
      });
      let attachmentFailed = false;
      if (v.attachment) {
        try {
          await uploadWithProgress<Ticket>(urlOf(ticketsApi.uploadAttachment, { params: { id: res.data.ticketId } }), v.attachment);
        } catch {
          attachmentFailed = true;
        }
      }
      return { ...res.data, attachmentFailed };
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** The signed-in user's own tickets, newest first. */
export function useOwnTickets(page: number, size: number) {
  return useQuery({
    queryKey: ticketKeys.own(page, size),
    queryFn: async ({ signal }) => {
      const res = await call(ticketsApi.mine, { query: { page, size } }, { cacheBust: true, signal });
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every ticket (support staff, QARAD_USER). */
export function useTickets(params: TicketListParams) {
  return useQuery({
    queryKey: ticketKeys.list(params),
    queryFn: async ({ signal }) => {
      const res = await call(ticketsApi.list, { query: params }, { cacheBust: true, signal });
      return { rows: res.data, total: res.totalCount ?? res.data.length };
    },
    placeholderData: keepPreviousData,
  });
}

export function useCloseTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (t: Pick<Ticket, 'id' | 'version'>) => call(ticketsApi.close, { params: { id: t.id }, body: { version: t.version } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** Saves a ticket's attachment (support staff): fetched with the token, offered under its name. */
export async function downloadAttachment(id: number, fileName: string): Promise<void> {
  const res = await api<Blob>(urlOf(ticketsApi.downloadAttachment, { params: { id } }), { responseType: 'blob' });
  saveBlob(res.data, fileName);
}
