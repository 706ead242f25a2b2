import { Link } from 'react-router';
import { useAccount } from '../lib/session';
import { LandingPage } from '../features/landing/components/landing-page';
import { useSiteName } from '../features/settings/api/get-public-settings';

/** The landing page when the app itself navigates to `/`; a visit from outside loads landing.html instead. */
export function LandingRoute() {
  const siteName = useSiteName();
  const { account } = useAccount();
  return <LandingPage siteName={siteName} account={account} Link={Link} />;
}

export { LandingRoute as Component };
