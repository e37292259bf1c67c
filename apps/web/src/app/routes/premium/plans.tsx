import { useSession } from '../../../features/auth';
import { PlansScreen } from '../../../features/premium/components/plans-screen';

/** `premium/plans`: public; a member also sees how long their premium runs. */
function PremiumPlansRoute() {
  const { isMember } = useSession();
  return <PlansScreen isMember={isMember} />;
}

export default PremiumPlansRoute;
