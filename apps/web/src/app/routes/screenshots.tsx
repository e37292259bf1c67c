import { PagePlaceholder } from '../../components/page-placeholder';
import { pageTitles } from '../messages';

/** Placeholder until the screen's own issue lands. */
export default function ScreenshotsRoute() {
  return <PagePlaceholder title={pageTitles.screenshots} />;
}
