import { DialerSettingScreen } from '../features/dialer-setting/components/dialer-setting-screen';

/** dashboard/dialer-setting */
export default function DialerSetting() {
  return <DialerSettingScreen />;
}
