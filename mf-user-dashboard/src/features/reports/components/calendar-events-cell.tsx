import { integrationName, type AppointmentReportRow, type CalendarEventStatus } from 'shared-contracts';
import { Flex, StatusTag, Typography } from 'shared-ui';

const LABELS: Record<CalendarEventStatus, string> = { pending: 'Sending', synced: 'Added', failed: 'Not added' };
const COLORS: Record<CalendarEventStatus, string> = { pending: 'processing', synced: 'success', failed: 'error' };

/** Where an appointment stands in each connected calendar, with the calendar's reason when it refused. */
export function CalendarEventsCell({ events }: { events: AppointmentReportRow['calendarEvents'] }) {
  if (events.length === 0) return <>N/A</>;
  return (
    <Flex vertical gap={4} align="flex-start">
      {events.map((event) => (
        <div key={event.provider}>
          <StatusTag status={event.status} color={COLORS[event.status]} label={`${integrationName(event.provider)}: ${LABELS[event.status]}`} />
          {event.error && <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>{event.error}</Typography.Text>}
        </div>
      ))}
    </Flex>
  );
}
