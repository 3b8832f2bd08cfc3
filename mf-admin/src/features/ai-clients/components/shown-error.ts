import type { FieldMetaState } from 'react-final-form';

/**
 * Spec section 5: the dialog validates on submit, then again on every change. final-form
 * validates on every change anyway; errors are only shown once a submit has been tried.
 */
export const shownError = (meta: FieldMetaState<unknown>): string | undefined =>
  meta.submitFailed ? (meta.error as string | undefined) : undefined;
