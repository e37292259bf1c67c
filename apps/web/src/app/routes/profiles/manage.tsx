import { ManageScreen } from '../../../features/profiles/components/manage-screen';
import { withMui } from '../../mui-scope';

/** `profiles/manage` (under RequireAuth): add, edit and delete the household's profiles. */
function ManageProfilesRoute() {
  return <ManageScreen />;
}

export default withMui(ManageProfilesRoute);
