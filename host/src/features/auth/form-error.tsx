import { Alert } from 'shared-ui';

/** The server's answer to a submit, read with the spec's extraction order by the caller. */
export function FormError({ text }: { text: string | undefined }) {
  if (!text) return null;
  return <Alert type="error" showIcon title={text} style={{ marginBottom: 16 }} role="alert" />;
}
