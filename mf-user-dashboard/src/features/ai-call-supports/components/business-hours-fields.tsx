import { BUFFER_MINUTES_RANGE, MAX_DAYS_AHEAD_RANGE, SLOT_MINUTES_RANGE, WEEKDAYS } from 'shared-contracts';
import { Checkbox, Col, FormField, Input, InputNumber, PageCard, Row } from 'shared-ui';

const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const DAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: DAY_LABELS[day] }));

const TimeField = ({ name, label }: { name: string; label: string }) => (
  <FormField<string> name={name} label={label} hint="24-hour time, e.g. 09:00" render={(input, c) => (
    <Input {...input} id={c.id} placeholder="09:00" inputMode="numeric" maxLength={5} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
  )} />
);

// No min/max on the input: antd would quietly clamp a typed value, where the contract's message
// says what the bounds are under the field.
const MinutesField = ({ name, label, hint, step = 1 }: { name: string; label: string; hint: string; step?: number }) => (
  <FormField<number | null> name={name} label={label} hint={hint} allowNull render={(input, c) => (
    <InputNumber {...input} id={c.id} step={step} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} style={{ width: '100%' }} />
  )} />
);

/** When the agent takes bookings and how it slices the day: what its calls offer and book. */
export function BusinessHoursFields() {
  return (
    <>
      <PageCard title="Business hours">
        <FormField<Array<(typeof WEEKDAYS)[number]>> name="workingHours.days" label="Open on" render={(input, c) => (
          <div id={c.id} role="group" aria-label="Open on" aria-describedby={c.describedBy}>
            <Checkbox.Group options={DAY_OPTIONS} value={input.value || []} onChange={(days) => { input.onChange(days); input.onBlur(); }} />
          </div>
        )} />
        <Row gutter={16}>
          <Col xs={24} md={12}><TimeField name="workingHours.start" label="Opening time" /></Col>
          <Col xs={24} md={12}><TimeField name="workingHours.end" label="Closing time" /></Col>
        </Row>
      </PageCard>
      <PageCard title="Booking rules">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <MinutesField name="bookingRules.slotMinutes" label="Slot length (minutes)" step={SLOT_MINUTES_RANGE.step}
              hint={`Each appointment's length; slots start from opening time (${SLOT_MINUTES_RANGE.min}-${SLOT_MINUTES_RANGE.max}, in steps of ${SLOT_MINUTES_RANGE.step})`} />
          </Col>
          <Col xs={24} md={8}>
            <MinutesField name="bookingRules.bufferMinutes" label="Buffer between appointments (minutes)" step={5}
              hint={`Kept free after each appointment (${BUFFER_MINUTES_RANGE.min}-${BUFFER_MINUTES_RANGE.max})`} />
          </Col>
          <Col xs={24} md={8}>
            <MinutesField name="bookingRules.maxDaysAhead" label="How far ahead (days)"
              hint={`The furthest day a caller can book, counted from today (${MAX_DAYS_AHEAD_RANGE.min}-${MAX_DAYS_AHEAD_RANGE.max})`} />
          </Col>
        </Row>
      </PageCard>
    </>
  );
}
