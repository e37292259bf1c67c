import { ContactScreen } from '../../features/support/components/contact-screen';
import { useSession } from '../../features/auth';

/** `contact`: a member's name and email are filled in for them. */
function ContactRoute() {
  const { user } = useSession();
  const defaults = user ? { name: typeof user.name === 'string' ? user.name : '', email: typeof user.email === 'string' ? user.email : '' } : undefined;
  return <ContactScreen defaults={defaults} />;
}

export default ContactRoute;
