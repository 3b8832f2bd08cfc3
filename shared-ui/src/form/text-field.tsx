import { Input } from '../antd/input';
import { FormField } from './form-field';

export interface TextFieldProps {
  name: string;
  label: string;
  hint?: string;
  /** 'password' masks the text and offers to show it. */
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  /** A text area of this many rows. */
  rows?: number;
}

/** A labelled text input of the form kit. */
export function TextField({ name, label, hint, type = 'text', autoComplete, placeholder, maxLength, rows }: TextFieldProps) {
  return (
    <FormField<string> name={name} label={label} hint={hint} render={(input, c) => {
      const common = {
        ...input, id: c.id, placeholder, maxLength, autoComplete, status: c.status,
        'aria-invalid': c.invalid, 'aria-describedby': c.describedBy,
      };
      if (rows) return <Input.TextArea {...common} rows={rows} />;
      if (type === 'password') return <Input.Password {...common} />;
      return <Input {...common} type={type} />;
    }} />
  );
}
