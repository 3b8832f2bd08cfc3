import { LiveDeskScreen } from '../features/live-desk/components/live-desk-screen';

export default function LiveDesk() {
  return <LiveDeskScreen />;
}
