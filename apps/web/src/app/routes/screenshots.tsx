import { PagePlaceholder } from '../../components/page-placeholder';
import { pageTitles } from '../messages';
import { withMui } from '../mui-scope';

/** Placeholder until the screen's own issue lands. */
function ScreenshotsRoute() {
  return <PagePlaceholder title={pageTitles.screenshots} />;
}

export default withMui(ScreenshotsRoute);
