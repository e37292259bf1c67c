import { ComingSoonScreen } from '../../features/catalogue/components/coming-soon-screen';
import { withMui } from '../mui-scope';

/** `comingsoon`: titles not out yet, with expected dates in the Jalali calendar. */
function ComingSoonRoute() {
  return <ComingSoonScreen />;
}

export default withMui(ComingSoonRoute);
