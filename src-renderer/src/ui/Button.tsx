import type { ButtonHTMLAttributes } from 'react';

type Variant = 'default' | 'primary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'normal' | 'small';
}

export function Button({ variant = 'default', size = 'normal', className, type = 'button', ...rest }: ButtonProps) {
  const classes = ['btn', variant !== 'default' && `btn-${variant}`, size === 'small' && 'btn-small', className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
