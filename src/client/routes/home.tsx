import { HomePage } from '@client/features/marketing/home/home-page';

export default function HomeRoute() {
  return <HomePage />;
}
