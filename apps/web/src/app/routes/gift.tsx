import { PagePlaceholder } from '../../components/page-placeholder';
import { pageTitles } from '../messages';

/** Placeholder until the screen's own issue lands. */
export default function GiftRoute() {
  return <PagePlaceholder title={pageTitles.gift} />;
}
