import { useEffect, useState } from 'react';

/**
 * One value a screen hands to the screen it opens: features never import each other, so they
 * meet in lib/ (preset-handoff.ts, job-handoff.ts). The receiving screen reads the value while it
 * mounts and clears it only once that mount is committed (`useHandedOff`). React may render a
 * mounting screen more than once and throw the earlier renders away (the render of a lazy screen
 * whose code just arrived is interrupted by an update, a live event say), so a value cleared at
 * the first read was now and then lost: on a loaded machine "Save as preset…" opened the Presets
 * page without its editor (docs/gui.md, "Hand-offs between screens").
 */
export interface HandOff<T> {
  give(value: T): void;
  /** The value waiting, left in place. */
  peek(): T | null;
  /** Clears the value if it is still the one given: a newer one stays for its own screen. */
  settle(value: T | null): void;
}

export function handOff<T>(): HandOff<T> {
  let pending: T | null = null;
  return {
    give: (value) => {
      pending = value;
    },
    peek: () => pending,
    settle: (value) => {
      if (value !== null && pending === value) pending = null;
    },
  };
}

/** What was handed to this screen: read as it mounts, the same on every render of that mount, cleared once the mount commits. */
export function useHandedOff<T>(slot: HandOff<T>): T | null {
  const [value] = useState(slot.peek);
  useEffect(() => slot.settle(value), [slot, value]);
  return value;
}
