import { useMemo, useState } from 'react';
import { useSessionUser } from 'shared-auth';
import type { AppointmentReportRow } from 'shared-contracts';
import { Button, DashboardPage, Flex, LeftOutlined, LoadError, PageCard, RightOutlined, Segmented, Typography, VisuallyHidden } from 'shared-ui';
import { addDays, addMonths, dayIn, dayLabel, monthGrid, monthLabel, weekStart } from '../model/calendar-dates';
import { useAppointmentsBetween } from '../hooks/use-appointments-between';
import { AppointmentChip } from './appointment-chip';

type View = 'Month' | 'Week';
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** dashboard/calendar: the account's appointments by month or week, in the user's time zone. */
export function CalendarScreen({ today }: { today?: string }) {
  const user = useSessionUser();
  const timeZone = user?.timeZone ?? 'UTC';
  const [view, setView] = useState<View>('Month');
  const [anchor, setAnchor] = useState(() => today ?? dayIn(new Date().toISOString(), timeZone));
  const weeks = useMemo(() => (view === 'Month' ? monthGrid(anchor) : [Array.from({ length: 7 }, (_, i) => addDays(weekStart(anchor), i))]), [view, anchor]);
  const first = weeks[0]![0]!;
  const last = weeks.at(-1)!.at(-1)!;
  const appointments = useAppointmentsBetween(Boolean(user), first, last, addDays);

  const byDay = useMemo(() => {
    const map = new Map<string, AppointmentReportRow[]>();
    for (const a of [...(appointments.data?.data ?? [])].reverse()) {
      const day = dayIn(a.dateTime, timeZone);
      map.set(day, [...(map.get(day) ?? []), a]);
    }
    return map;
  }, [appointments.data, timeZone]);

  const step = (n: number) => setAnchor(view === 'Month' ? addMonths(anchor, n) : addDays(anchor, 7 * n));
  const title = view === 'Month' ? monthLabel(anchor) : `${dayLabel(first)} – ${dayLabel(last)}`;
  const total = appointments.data?.data.length ?? 0;

  return (
    <DashboardPage title="Calendar" loading={!user}>
      <PageCard
        title={<Flex align="center" gap={8}>
          <Button aria-label={`Previous ${view.toLowerCase()}`} icon={<LeftOutlined />} onClick={() => step(-1)} />
          <Button aria-label={`Next ${view.toLowerCase()}`} icon={<RightOutlined />} onClick={() => step(1)} />
          <span>{title}</span>
        </Flex>}
        extra={<Segmented<View> aria-label="Calendar view" options={['Month', 'Week']} value={view} onChange={setView} />}
      >
        {appointments.error && <LoadError error={appointments.error.message} onRetry={() => void appointments.mutate()} />}
        {!appointments.error && (
          <div role="grid" aria-label={title} aria-busy={appointments.isLoading || appointments.isValidating}>
            <div role="row" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }}>
              {WEEKDAYS.map((d) => <div role="columnheader" key={d} style={{ fontWeight: 600, padding: 4 }}>{d}</div>)}
            </div>
            {weeks.map((week) => (
              <div role="row" key={week[0]} style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4, marginTop: 4 }}>
                {week.map((day) => {
                  const items = byDay.get(day) ?? [];
                  const outside = view === 'Month' && day.slice(0, 7) !== anchor.slice(0, 7);
                  return (
                    // A day of the next or last month is shaded, its text as legible as the rest.
                    <div role="gridcell" key={day}
                      style={{ minHeight: view === 'Month' ? 96 : 240, padding: 4, border: '1px solid #f0f0f0', borderRadius: 6, background: outside ? '#fafafa' : undefined }}>
                      {/* The cell is named by its content: the day in words for a screen reader, its number on screen. */}
                      <Typography.Text type="secondary" aria-hidden style={{ fontSize: 12 }}>{Number(day.slice(8))}</Typography.Text>
                      <VisuallyHidden>{`${dayLabel(day)}: ${items.length} ${items.length === 1 ? 'appointment' : 'appointments'}`}</VisuallyHidden>
                      {items.map((a) => <AppointmentChip key={a.id} appointment={a} timeZone={timeZone} />)}
                    </div>
                  );
                })}
              </div>
            ))}
            {appointments.data && appointments.data.total > total && (
              <Typography.Text type="warning" style={{ display: 'block', marginTop: 12 }}>
                Showing {total} of {appointments.data.total} appointments; see the appointments report for all of them.
              </Typography.Text>
            )}
            {!appointments.isLoading && total === 0 && (
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12 }}>No appointments in this {view.toLowerCase()}</Typography.Text>
            )}
          </div>
        )}
      </PageCard>
    </DashboardPage>
  );
}
