import { Alert } from '../antd/alert';

/** The answer to a failed submit, above the form's buttons; it stays until the next submit. */
export function FormError({ text }: { text: string | undefined }) {
  if (!text) return null;
  return <Alert type="error" showIcon title={text} role="alert" style={{ marginBottom: 16 }} />;
}
