import { Softphone as FloatingSoftphone } from '../features/softphone/components/softphone';

/** The floating softphone the host renders bottom-right for AGENT users. */
export default function Softphone() {
  return <FloatingSoftphone />;
}
