import type { OrganisationNode } from './api';

/** The organisation tree as antd TreeSelect data (value = id). `disabled` greys a node and what is below it. */
export interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: TreeOption[];
}

export function organisationTreeData(nodes: readonly OrganisationNode[], disabledId?: number): TreeOption[] {
  return nodes.map((n) => {
    const disabled = n.id === disabledId;
    return {
      value: n.id,
      title: n.organ_name,
      ...(disabled ? { disabled } : {}),
      children: organisationTreeData(n.children, disabled ? n.id : disabledId).map((c) =>
        disabled ? { ...c, disabled: true } : c,
      ),
    };
  });
}
