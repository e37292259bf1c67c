import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError, type HttpRequest, type HttpResponse } from 'tus-js-client';
import { api } from '../../../lib/api-client';
import { getCookie, TOKEN_COOKIE } from '../../../lib/cookies';
import { mediaMessages as m } from './messages';

/**
 * One resumable upload (tus, decision 19) to `/api/admin/uploads`: progress, speed, pause and
 * resume, and the server's Persian refusal when there is one. A connection that drops is retried
 * from the offset the server has; the same file chosen again after a reload (with the same
 * destination) goes on from there too.
 */

export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'checking' | 'done' | 'error';

export type UploadState = {
  phase: UploadPhase;
  fileName: string | null;
  sent: number;
  total: number;
  /** Over the last few seconds. */
  bytesPerSecond: number;
  error: string | null;
  /** Whether "resume" can go on (a refusal of the file itself cannot). */
  resumable: boolean;
  /** What the finished upload started: `Parde-Ingest-Id`. */
  ingestId: number | null;
};

const idle: UploadState = { phase: 'idle', fileName: null, sent: 0, total: 0, bytesPerSecond: 0, error: null, resumable: false, ingestId: null };

/** 8 MiB: few requests for a film, small enough to lose little when a line drops mid-chunk. */
const CHUNK_SIZE = 8 * 1024 * 1024;
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];
const SPEED_WINDOW_MS = 5_000;

export const uploadsEndpoint = () => `${api.defaults.baseURL}/api/admin/uploads`;

/** The API's `{ message }` of a refusal, or a sentence for a connection that gave up. */
export function uploadErrorMessage(error: Error | DetailedError): { message: string; resumable: boolean } {
  const response = (error as DetailedError).originalResponse;
  if (!response) return { message: m.connectionLost, resumable: true };
  const status = response.getStatus();
  let message: string | null = null;
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown; errors?: Record<string, string[]> };
    const fields = body.errors ? Object.values(body.errors).flat() : [];
    if (typeof body.message === 'string') message = fields.length ? `${body.message} ${fields.join(' ')}` : body.message;
  } catch {
    // not the API's JSON (a proxy's page): the status decides the sentence
  }
  if (status === 401) return { message: message ?? m.signedOut, resumable: false };
  return { message: message ?? m.uploadFailed, resumable: status >= 500 || status === 409 || status === 423 };
}

function authorise(req: HttpRequest) {
  // Read at each request: a long upload outlives a page's first look at the cookies.
  const token = getCookie(TOKEN_COOKIE);
  if (token) req.setHeader('Authorization', `Bearer ${token}`);
  const xsrf = getCookie('XSRF-TOKEN');
  if (xsrf) req.setHeader('X-XSRF-TOKEN', xsrf);
  req.setHeader('X-Requested-With', 'XMLHttpRequest');
}

const sameDestination = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
};

export function useTusUpload() {
  const [state, setState] = useState<UploadState>(idle);
  const upload = useRef<Upload | null>(null);
  const samples = useRef<{ t: number; bytes: number }[]>([]);
  const onDone = useRef<((s: UploadState) => void) | null>(null);
  const onRefused = useRef<((message: string) => void) | null>(null);

  useEffect(
    () => () => {
      // Leaving the page pauses; the same file chosen again later resumes.
      void upload.current?.abort(false);
    },
    [],
  );

  /**
   * Starts (or resumes) sending `file`; `done` hears of it when the server took the last byte,
   * `refused` when the server will not take the file (resumable failures wait for "resume").
   */
  const start = useCallback((file: File, metadata: Record<string, string>, done?: (s: UploadState) => void, refused?: (message: string) => void) => {
    void upload.current?.abort(false);
    samples.current = [];
    onDone.current = done ?? null;
    onRefused.current = refused ?? null;
    let ingestId: number | null = null;
    setState({ ...idle, phase: 'uploading', fileName: file.name, total: file.size });
    const u = new Upload(file, {
      endpoint: uploadsEndpoint(),
      metadata: { ...metadata, filename: file.name },
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: authorise,
      onAfterResponse: (_req: HttpRequest, res: HttpResponse) => {
        const id = res.getHeader('Parde-Ingest-Id');
        if (id) ingestId = Number(id);
      },
      onProgress: (sent, total) => {
        const now = Date.now();
        samples.current = [...samples.current.filter((s) => now - s.t <= SPEED_WINDOW_MS), { t: now, bytes: sent }];
        const first = samples.current[0]!;
        const bytesPerSecond = now > first.t ? ((sent - first.bytes) * 1000) / (now - first.t) : 0;
        setState((s) => ({ ...s, phase: sent >= total ? 'checking' : s.phase === 'paused' ? 'paused' : 'uploading', sent, total, bytesPerSecond }));
      },
      onSuccess: () => {
        const next: UploadState = { ...idle, phase: 'done', fileName: file.name, sent: file.size, total: file.size, ingestId };
        setState(next);
        upload.current = null;
        onDone.current?.(next);
      },
      onError: (error) => {
        const { message, resumable } = uploadErrorMessage(error);
        setState((s) => ({ ...s, phase: 'error', error: message, resumable, bytesPerSecond: 0 }));
        if (!resumable) {
          upload.current = null;
          onRefused.current?.(message);
        }
      },
    });
    upload.current = u;
    // A cut upload of the same file to the same place goes on from where the server has it.
    void u
      .findPreviousUploads()
      .then((previous) => {
        const match = previous.find((p) => sameDestination(p.metadata, u.options.metadata ?? {}));
        if (match) u.resumeFromPreviousUpload(match);
      })
      .catch(() => {})
      .finally(() => u.start());
  }, []);

  const pause = useCallback(() => {
    if (!upload.current) return;
    void upload.current.abort(false);
    setState((s) => ({ ...s, phase: 'paused', bytesPerSecond: 0 }));
  }, []);

  const resume = useCallback(() => {
    if (!upload.current) return;
    samples.current = [];
    setState((s) => ({ ...s, phase: 'uploading', error: null }));
    upload.current.start();
  }, []);

  /** Stops and deletes what the server has of it. */
  const cancel = useCallback(async () => {
    const u = upload.current;
    upload.current = null;
    setState(idle);
    if (u) await u.abort(true).catch(() => {});
  }, []);

  const reset = useCallback(() => {
    upload.current = null;
    setState(idle);
  }, []);

  return { state, start, pause, resume, cancel, reset };
}
