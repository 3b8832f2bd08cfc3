import { SupportDeskScreen } from '../features/support/components/support-desk-screen';

export default function SupportDesk() {
  return <SupportDeskScreen />;
}
