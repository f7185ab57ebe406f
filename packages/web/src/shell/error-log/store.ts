import { create } from 'zustand';

export interface ClientError {
  id: number;
  time: number;
  message: string;
  /** Where it came from: window.onerror, unhandledrejection, or the React component stack. */
  info: string;
  url: string;
  stack: string;
}

interface ErrorLogState {
  errors: ClientError[];
  add: (error: Omit<ClientError, 'id' | 'time' | 'url'> & { url?: string }) => void;
  clear: () => void;
}

const MAX = 100;
let nextId = 1;

export const useErrorLog = create<ErrorLogState>()((set) => ({
  errors: [],
  add: (error) =>
    set((s) => ({
      errors: [{ ...error, id: nextId++, time: Date.now(), url: error.url ?? window.location.href }, ...s.errors].slice(
        0,
        MAX,
      ),
    })),
  clear: () => set({ errors: [] }),
}));

export function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack ?? '' };
  return { message: typeof reason === 'string' ? reason : JSON.stringify(reason), stack: '' };
}
