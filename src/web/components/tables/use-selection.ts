import { useCallback, useMemo, useState } from 'react';

/**
 * Rows ticked for a bulk action, by id. Only ids still on screen count: a row that leaves the
 * page (a refetch after an action) leaves the selection too.
 */
export function useSelection(visibleIds: readonly string[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(() => visibleIds.filter((id) => ticked.has(id)), [visibleIds, ticked]);
  const toggle = useCallback((id: string, on: boolean) => {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const toggleAll = useCallback((on: boolean) => setTicked(on ? new Set(visibleIds) : new Set()), [visibleIds]);
  const clear = useCallback(() => setTicked(new Set()), []);
  return {
    selected,
    isSelected: (id: string) => ticked.has(id),
    toggle,
    toggleAll,
    clear,
    allSelected: visibleIds.length > 0 && selected.length === visibleIds.length,
    someSelected: selected.length > 0 && selected.length < visibleIds.length,
  };
}

export type Selection = ReturnType<typeof useSelection>;
