import { PagePlaceholder } from '../../components/page-placeholder';
import { pageTitles } from '../messages';
import { withMui } from '../mui-scope';

/** Placeholder until the screen's own issue lands. */
function WatchRoute() {
  return <PagePlaceholder title={pageTitles.watch} />;
}

export default withMui(WatchRoute);
