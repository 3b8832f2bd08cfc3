import { BusinessScreen } from '../features/business/components/business-screen';

export default function AccountBusiness() {
  return <BusinessScreen />;
}
