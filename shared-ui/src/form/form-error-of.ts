import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { extractErrorText } from 'shared-contracts';

/** What a failed submit answers react-final-form: the failure's text for the form's FormError. */
export const formErrorOf = (error: unknown): SubmissionErrors => ({ [FORM_ERROR]: extractErrorText(error) });
