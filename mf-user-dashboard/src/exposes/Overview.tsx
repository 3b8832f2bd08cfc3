import { OverviewScreen } from '../features/overview/components/overview-screen';

/** dashboard/overview */
export default function Overview() {
  return <OverviewScreen />;
}
