import { useNavigation } from 'react-router';
import { ProgressBar } from '../../components/progress-bar';
import { messages } from '../messages';

/** Spec §2, §4: a bar across the top while a navigation (and its lazy screen) loads. */
export function NavigationProgress({ force = false }: { force?: boolean }) {
  const navigation = useNavigation();
  if (!force && navigation.state === 'idle') return null;
  return <ProgressBar fixed label={messages.loading} testId="navigation-progress" />;
}
