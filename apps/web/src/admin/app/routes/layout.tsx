import { AdminLayout } from '../../features/components/admin-layout';
import { withMui } from '../../../components/mui-scope';

/** `/admin/*`: the operators' panel frame. */
export default withMui(AdminLayout);
