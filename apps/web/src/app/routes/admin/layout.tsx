import { AdminLayout } from '../../../features/admin/components/admin-layout';
import { withMui } from '../../mui-scope';

/** `/admin/*`: the operators' panel frame. */
export default withMui(AdminLayout);
