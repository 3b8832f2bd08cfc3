import { PreferencesScreen } from '../features/preferences/components/preferences-screen';

export default function AccountPreferences() {
  return <PreferencesScreen />;
}
