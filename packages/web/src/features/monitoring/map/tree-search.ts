import type { VehicleTreeNode } from '@headway/server/contract';

// What the vehicle tree's search box finds. Dispatchers think in lines ("the S40"), so a line's name or code
// matches as well as a vehicle's own name, plate or IMEI; a matching group keeps every vehicle below it.

/** Whether the node's own text holds `term` (lower-cased): name, plate, IMEI, line code. */
function nodeMatches(node: VehicleTreeNode, term: string): boolean {
  const { lpn, imei, route_code } = node.node_data;
  return [node.label, lpn, imei, route_code, node.routeCode].some((v) => v?.toLowerCase().includes(term));
}

/** The tree pruned to what matches `search` (the same tree when it is blank). */
export function filterTree(nodes: readonly VehicleTreeNode[], search: string): readonly VehicleTreeNode[] {
  const term = search.trim().toLowerCase();
  if (!term) return nodes;
  const visit = (node: VehicleTreeNode): VehicleTreeNode | null => {
    if (nodeMatches(node, term)) return node;
    if (node.node_type === 2 || !node.children) return null;
    const children = node.children.map(visit).filter((c): c is VehicleTreeNode => c !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return nodes.map(visit).filter((c): c is VehicleTreeNode => c !== null);
}
