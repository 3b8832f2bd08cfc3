import type { FieldMetaState } from 'react-final-form';

/** When a form starts showing its fields' messages. */
export type ErrorTiming = 'touched' | 'submitted';

/**
 * The one rule for a field's message. A validation message shows once the field was left or
 * a submit was tried. A message the server gave for the field on submit shows until the
 * field changes. With 'submitted' (the add-client form: "validated on submit and
 * re-validated on change") nothing shows before the first submit.
 */
export function shownError(meta: FieldMetaState<unknown>, timing: ErrorTiming = 'touched'): string | undefined {
  const due = timing === 'submitted' ? meta.submitFailed : meta.touched || meta.submitFailed;
  if (!due) return undefined;
  const message: unknown = meta.error ?? (meta.dirtySinceLastSubmit ? undefined : meta.submitError);
  return typeof message === 'string' ? message : undefined;
}
