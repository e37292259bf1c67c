import { NotForKids } from '../../../features/profiles/components/not-for-kids';
import { useSession } from '../../../features/auth';
import { PlansScreen } from '../../../features/premium/components/plans-screen';

/** `premium/plans`: public; a member also sees how long their premium runs. */
function PremiumPlansRoute() {
  const { isMember } = useSession();
  return (
    <NotForKids>
      <PlansScreen isMember={isMember} />
    </NotForKids>
  );
}

export default PremiumPlansRoute;
