import { useEffect, useState } from 'react';
import { Form } from 'react-final-form';
import { notify, useApiMutation } from 'shared-auth';
import { contract, formatDuration, WRAP_UP_NOTES_MAX_LENGTH, WRAP_UP_TEXT, WrapUpCallBody, type PendingWrapUp } from 'shared-contracts';
import { Button, FormError, FormField, Input, Radio, formErrorOf, validateWith } from 'shared-ui';
import { PANEL_CARD_STYLE } from './panel-card';

interface Values {
  callId: string;
  disposition: string;
  notes: string;
}

const validate = validateWith<Values>(WrapUpCallBody);

/** Seconds left until `dueAt`, counted down once a second. */
function useSecondsLeft(dueAt: string): number {
  const left = () => Math.max(0, Math.ceil((Date.parse(dueAt) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only dueAt
  }, [dueAt]);
  return seconds;
}

/**
 * After a call the agent took: its disposition (from the account's list) and notes, before the
 * next call is offered. When the time runs out the server closes the wrap-up without them.
 */
export function WrapUpPanel({ pending, onDone }: { pending: PendingWrapUp; onDone: () => void }) {
  const save = useApiMutation(contract.desk.wrapUpCall);
  const secondsLeft = useSecondsLeft(pending.dueAt);
  const who = pending.callerName ?? pending.phoneNumber;

  const submit = async (values: Values) => {
    try {
      await save.trigger({ body: values });
      notify.success(WRAP_UP_TEXT.saved);
      onDone();
      return undefined;
    } catch (caught) {
      // The call was wrapped up elsewhere, or its time ran out: what is pending is read again.
      onDone();
      return formErrorOf(caught);
    }
  };

  return (
    <section aria-label="Wrap-up" style={{ ...PANEL_CARD_STYLE, padding: 12, width: 300 }}>
      <h2 style={{ fontSize: 15, margin: '0 0 4px' }}>Wrap up the call with {who}</h2>
      <p role="timer" aria-live="off" style={{ margin: '0 0 12px', fontSize: 13 }}>
        {secondsLeft > 0 ? `Time left ${formatDuration(secondsLeft)}` : WRAP_UP_TEXT.timeRanOut}
      </p>
      <Form<Values> key={pending.callId} onSubmit={submit} validate={validate} initialValues={{ callId: pending.callId, disposition: '', notes: '' }}
        subscription={{ submitting: true, submitError: true }}>
        {({ handleSubmit, submitting, submitError }) => (
          <form aria-label="Wrap up the call" noValidate onSubmit={handleSubmit}>
            <FormField<string> name="disposition" label="Disposition" render={(input, c) => (
              <div id={c.id} role="radiogroup" aria-label="Disposition" aria-invalid={c.invalid} aria-describedby={c.describedBy}>
                <Radio.Group value={input.value} onChange={(event) => input.onChange(event.target.value)}
                  options={pending.dispositions.map((item) => ({ value: item, label: item }))} style={{ display: 'grid', gap: 4 }} />
              </div>
            )} />
            <FormField<string> name="notes" label="Notes" render={(input, c) => (
              <Input.TextArea {...input} id={c.id} rows={3} maxLength={WRAP_UP_NOTES_MAX_LENGTH}
                status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
            )} />
            <Button type="primary" htmlType="submit" loading={submitting}>Save wrap-up</Button>
            <FormError text={submitError as string | undefined} />
          </form>
        )}
      </Form>
    </section>
  );
}
