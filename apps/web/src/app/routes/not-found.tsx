import { NotFoundPage } from '../../components/status-page';

/** Any unmatched path (spec §2). */
export default function NotFoundRoute() {
  return <NotFoundPage />;
}
