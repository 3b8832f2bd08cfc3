import { useRef, type CSSProperties, type ReactNode } from 'react';
import { Button, UploadOutlined } from '../antd';

export interface FilePickButtonProps {
  /** The file types the picker offers (the input's `accept`). */
  accept: string;
  /** Names the hidden file input for assistive technology (and tests). */
  inputLabel: string;
  loading?: boolean;
  onFile: (file: File) => void;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * An upload button that opens the browser's file picker and hands over the chosen file. The
 * input is cleared after each pick, so choosing the same file again picks it again.
 */
export function FilePickButton({ accept, inputLabel, loading, onFile, style, children }: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={inputLabel}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} loading={loading} style={style}>
        {children}
      </Button>
    </>
  );
}
