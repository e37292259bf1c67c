import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/status-page';
import { useSession } from '../../../features/auth';
import { NotForKids } from '../../../features/profiles/components/not-for-kids';
import { PlanScreen } from '../../../features/premium/components/plan-screen';
import { parseId } from '../route-params';

/** `premium/plans/{id}`: public; the buy buttons lead a visitor through login. */
function PremiumPlanRoute() {
  const params = useParams();
  const { isMember } = useSession();
  const id = parseId(params.id);
  if (id === null) return <NotFoundPage />;
  return (
    <NotForKids>
      <PlanScreen key={id} id={id} isMember={isMember} />
    </NotForKids>
  );
}

export default PremiumPlanRoute;
