import { useCallback, useRef, useState } from 'react';
import { selectRange } from './files-query';

/** Multi-select with shift-click ranges over the rows as currently shown. */
export function useSelection(visibleIds: string[]) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const anchor = useRef<string | null>(null);

  const toggle = useCallback(
    (id: string, { isRange }: { isRange: boolean }) => {
      setSelected((prev) => {
        const next = new Set(prev);
        if (isRange && anchor.current) selectRange(visibleIds, anchor.current, id).forEach((x) => next.add(x));
        else if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
      anchor.current = id;
    },
    [visibleIds],
  );

  const toggleAll = useCallback(() => {
    setSelected((prev) => (visibleIds.every((id) => prev.has(id)) ? new Set() : new Set(visibleIds)));
  }, [visibleIds]);

  const remove = useCallback((ids: string[]) => setSelected((prev) => new Set([...prev].filter((id) => !ids.includes(id)))), []);
  return { selected, toggle, toggleAll, clear: () => setSelected(new Set()), remove };
}
