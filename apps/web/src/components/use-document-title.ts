import { useEffect } from 'react';
import { messages } from './messages';

/** Sets `<title>` as «page | پرده»; the page-view report reads it. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${messages.titleSuffix}` : messages.titleSuffix;
  }, [title]);
}
