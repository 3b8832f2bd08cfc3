import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../antd';
import { useMediaQuery } from '../hooks/use-media-query';

/** Narrower than antd's md breakpoint: a phone, where a row's data and actions share ~300 px. */
const PHONE_WIDTH = '(max-width: 767.98px)';

export interface RowActionButtonProps extends Omit<ButtonProps, 'children' | 'icon' | 'title'> {
  icon: ReactNode;
  /** The button's text; on a phone the icon alone shows and the text becomes its tooltip. */
  label: string;
}

/** One of a row's several actions: icon and text, or the icon alone on a phone so they all fit. */
export function RowActionButton({ icon, label, ...props }: RowActionButtonProps) {
  const phone = useMediaQuery(PHONE_WIDTH);
  return phone ? <Button {...props} icon={icon} title={label} /> : <Button {...props} icon={icon}>{label}</Button>;
}
