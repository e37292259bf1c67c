import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React takes over in a pass of its own after the part
 * around it (a Suspense boundary the server drew complete is hydrated later, at low priority).
 * Each pass renders, commits and runs its effects apart, so taking over a long page never holds
 * the browser for the whole of it at once (docs/decisions/0012). Parts nested in one another go
 * in successive passes; parts side by side share one. Its content never suspends on its own: the
 * lazy parts inside have boundaries of their own, so `null` is never shown.
 */
export function HydrationPass({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
