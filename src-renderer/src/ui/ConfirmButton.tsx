import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './Button';

/**
 * A destructive action that asks once more in place ("Delete" → "Confirm delete"),
 * instead of a blocking window.confirm dialog.
 */
export function ConfirmButton({
  label,
  confirmLabel,
  onConfirm,
  ...rest
}: { label: string; confirmLabel?: string; onConfirm: () => void } & Omit<ButtonProps, 'onClick'>) {
  const [isArmed, setArmed] = useState(false);
  useEffect(() => {
    if (!isArmed) return;
    const timer = setTimeout(() => setArmed(false), 4000);
    return () => clearTimeout(timer);
  }, [isArmed]);
  return (
    <Button
      variant="danger"
      {...rest}
      onClick={() => {
        if (!isArmed) return setArmed(true);
        setArmed(false);
        onConfirm();
      }}
    >
      {isArmed ? (confirmLabel ?? `Confirm: ${label.toLowerCase()}`) : label}
    </Button>
  );
}
