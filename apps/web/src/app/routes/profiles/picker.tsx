import { PickerScreen } from '../../../features/profiles/components/picker-screen';
import { withMui } from '../../mui-scope';

/** `profiles` (under RequireAuth): who is watching, then back to `redirect`. */
function ProfilePickerRoute() {
  return <PickerScreen />;
}

export default withMui(ProfilePickerRoute);
