import { Link } from 'react-router-dom';
import type { AppointmentReportRow } from 'shared-contracts';
import { Tag } from 'shared-ui';

// Status colours whose text reads at 4.5:1 on their tint (the theme darkens them for tags).
const COLORS: Record<AppointmentReportRow['status'], string> = { scheduled: 'processing', completed: 'success', cancelled: 'default', 'no-show': 'error' };

const timeOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/** One appointment in a calendar cell: time and lead, linking to the call it was booked on. */
export function AppointmentChip({ appointment, timeZone }: { appointment: AppointmentReportRow; timeZone: string }) {
  const text = `${timeOf(appointment.dateTime, timeZone)} ${appointment.lead.fullName}`;
  const tag = <Tag color={COLORS[appointment.status]} style={{ display: 'block', marginBottom: 2, whiteSpace: 'normal' }}>{text}</Tag>;
  return appointment.callId ? <Link to={`/dashboard/calls/${appointment.callId}/conversation`}>{tag}</Link> : tag;
}
