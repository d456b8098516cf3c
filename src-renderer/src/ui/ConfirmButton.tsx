import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './Button';

/**
 * A destructive action that asks once more in place ("Delete" → "Confirm delete"),
 * instead of a blocking window.confirm dialog. It stays asking while it has the focus, for up to
 * 15 s (4 s was too short to hear the question read out and answer it); Escape or moving on
 * takes the question back.
 */
const ARMED_MS = 15_000;

export function ConfirmButton({
  label,
  confirmLabel,
  onConfirm,
  ...rest
}: { label: string; confirmLabel?: string; onConfirm: () => void } & Omit<ButtonProps, 'onClick'>) {
  const [isArmed, setArmed] = useState(false);
  useEffect(() => {
    if (!isArmed) return;
    const timer = setTimeout(() => setArmed(false), ARMED_MS);
    return () => clearTimeout(timer);
  }, [isArmed]);
  return (
    <Button
      variant="danger"
      {...rest}
      onBlur={() => setArmed(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && isArmed) {
          e.stopPropagation();
          setArmed(false);
        }
      }}
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
