import { create } from 'zustand';

export type Notice = { id: number; message: string; severity: 'error' | 'success' | 'info' };

type NoticeState = {
  current: Notice | null;
  show: (message: string, severity?: Notice['severity']) => void;
  dismiss: () => void;
};

let nextId = 1;

/** One toast at a time; the layout renders it. */
export const useNoticeStore = create<NoticeState>()((set) => ({
  current: null,
  show: (message, severity = 'info') => set({ current: { id: nextId++, message, severity } }),
  dismiss: () => set({ current: null }),
}));

export const notifyError = (message: string) => useNoticeStore.getState().show(message, 'error');
export const notifySuccess = (message: string) => useNoticeStore.getState().show(message, 'success');
