import { CalendarScreen } from '../features/calendar/components/calendar-screen';

export default function Calendar() {
  return <CalendarScreen />;
}
