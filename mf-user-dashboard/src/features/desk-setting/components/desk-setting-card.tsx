import type { ValidationErrors } from 'final-form';
import { Form } from 'react-final-form';
import { notify, useApi, useApiMutation } from 'shared-auth';
import {
  contract, DeskSetting, DISPOSITION_MAX_COUNT, fieldErrors, WRAP_UP_SECONDS_MAX, WRAP_UP_SECONDS_MIN, WRAP_UP_TEXT,
} from 'shared-contracts';
import { Button, FormError, FormField, InputNumber, LoadError, LoadingBlock, PageCard, Select, formErrorOf } from 'shared-ui';

type Values = DeskSetting;

/** The schema's words, with a problem in one disposition shown under the whole list. */
function validate(values: Values): ValidationErrors {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors(DeskSetting, values))) {
    const field = path.split('.')[0]!;
    errors[field] ??= message;
  }
  return errors;
}

/**
 * How the account's human agents wrap up a call they took: the dispositions they choose from
 * and the time they have before the next call is offered. A changed list applies to the
 * wrap-ups that follow; calls already wrapped up keep theirs.
 */
export function DeskSettingCard() {
  const setting = useApi(contract.desk.getDeskSetting, {});
  const save = useApiMutation(contract.desk.updateDeskSetting, { invalidates: [contract.desk.getDeskSetting] });

  const submit = async (values: Values) => {
    try {
      await save.trigger({ body: values });
      notify.success(WRAP_UP_TEXT.settingSaved);
      return undefined;
    } catch (caught) {
      return formErrorOf(caught);
    }
  };

  return (
    <PageCard title="Wrap-up after a call">
      {setting.error && <LoadError error={setting.error.message} onRetry={() => void setting.mutate()} />}
      {!setting.error && !setting.data && <LoadingBlock label="Loading wrap-up settings…" />}
      {setting.data && (
        <Form<Values> key={JSON.stringify(setting.data.data)} onSubmit={submit} validate={validate} initialValues={setting.data.data}
          subscription={{ submitting: true, submitError: true, pristine: true }}>
          {({ handleSubmit, submitting, submitError, pristine }) => (
            <form aria-label="Wrap-up settings" noValidate onSubmit={handleSubmit} style={{ maxWidth: 560 }}>
              <FormField<string[]> name="dispositions" label="Dispositions"
                hint={`What your agents choose from after each call (up to ${DISPOSITION_MAX_COUNT}); type one and press Enter to add it.`}
                render={(input, c) => (
                  <Select mode="tags" id={c.id} value={input.value} onChange={(value: string[]) => input.onChange(value)} open={false}
                    tokenSeparators={[',']} style={{ width: '100%' }} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
                )} />
              <FormField<number> name="wrapUpSeconds" label="Time to wrap up (seconds)"
                hint="The agent is offered calls again when they finish, or when this time runs out."
                render={(input, c) => (
                  <InputNumber id={c.id} min={WRAP_UP_SECONDS_MIN} max={WRAP_UP_SECONDS_MAX} step={10} value={input.value}
                    onChange={(value) => input.onChange(value ?? undefined)} status={c.status} aria-invalid={c.invalid} aria-describedby={c.describedBy} />
                )} />
              <Button type="primary" htmlType="submit" disabled={pristine} loading={submitting}>Save wrap-up settings</Button>
              <FormError text={submitError as string | undefined} />
            </form>
          )}
        </Form>
      )}
    </PageCard>
  );
}
