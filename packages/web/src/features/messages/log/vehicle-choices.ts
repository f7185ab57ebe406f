import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { messagesApi, messagesKeys, type VehicleTreeNode } from '../api';
import { carIdOf } from '../chat/vehicle-rows';

/** The company's vehicles as filter choices, from the vehicle tree the chat window uses, sorted by name. */
export function useVehicleChoices() {
  const tree = useQuery({ queryKey: messagesKeys.tree, queryFn: messagesApi.tree, staleTime: 60_000 });
  const options = useMemo(() => {
    const out = new Map<number, string>();
    const visit = (node: VehicleTreeNode) => {
      if (node.node_type === 2) {
        const id = carIdOf(node);
        if (id !== null) out.set(id, node.label);
      } else node.children?.forEach(visit);
    };
    tree.data?.forEach(visit);
    return [...out]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
  }, [tree.data]);
  return { options, loading: tree.isLoading };
}
