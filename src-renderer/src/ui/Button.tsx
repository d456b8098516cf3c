import type { ComponentProps } from 'react';

type Variant = 'default' | 'primary' | 'danger' | 'ghost';

/** Every `<button>` prop, `ref` included (React 19 passes it as a prop). */
export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  size?: 'normal' | 'small';
}

export function Button({ variant = 'default', size = 'normal', className, type = 'button', ...rest }: ButtonProps) {
  const classes = ['btn', variant !== 'default' && `btn-${variant}`, size === 'small' && 'btn-small', className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
