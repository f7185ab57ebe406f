import type { VehicleTreeNode } from '@headway/server/contract';
import { Empty, Input, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOUR_HEX } from '../../../../map';
import type { FleetView } from '../fleet-view';

export interface VehicleTreeProps {
  nodes: readonly VehicleTreeNode[];
  model: FleetView;
  /** Bumped when the model changed (throttled): recolours dots and recounts online vehicles. */
  version: number;
  checked: ReadonlySet<string>;
  onCheck: (imeis: Set<string>) => void;
  selected: string | null;
  onPick: (imei: string) => void;
}

interface Counted {
  node: DataNode;
  imeis: string[];
  online: number;
}

function matches(node: VehicleTreeNode, term: string): boolean {
  if (!term) return true;
  const t = term.toLowerCase();
  return [node.label, node.node_data.lpn, node.node_data.imei].some((v) => v?.toLowerCase().includes(t));
}

/**
 * The left vehicle tree: groups (fleet or line) with online/total counts, vehicles with a state dot.
 * Virtual scrolling keeps thousands of vehicles cheap; checkboxes choose what the map shows.
 */
export function VehicleTree({ nodes, model, version, checked, onCheck, selected, onPick }: VehicleTreeProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(400);

  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(Math.max(120, el.clientHeight)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks model changes
  const { data, groupKeys, vehicleKeys } = useMemo(() => {
    const groups: Key[] = [];
    const byKey = new Map<string, string>();
    const build = (node: VehicleTreeNode): Counted | null => {
      if (node.node_type === 2) {
        if (!matches(node, search)) return null;
        const look = model.look(node.node_data.imei);
        byKey.set(node.gid, node.node_data.imei);
        return {
          imeis: [node.node_data.imei],
          online: look.online ? 1 : 0,
          node: {
            key: node.gid,
            isLeaf: true,
            title: (
              <span className="hw-vtree__car" data-testid={`vehicle-${node.label}`}>
                <i className="hw-vtree__dot" style={{ background: COLOUR_HEX[look.colour] }} />
                <span className="hw-vtree__name">{node.label}</span>
                <span className="hw-vtree__state">{t(`monitoring.state.${look.kind}`)}</span>
              </span>
            ),
          },
        };
      }
      const children = (node.children ?? []).map(build).filter((c): c is Counted => c !== null);
      if (children.length === 0) return null;
      groups.push(node.gid);
      const online = children.reduce((n, c) => n + c.online, 0);
      const imeis = children.flatMap((c) => c.imeis);
      const label = node.label || t(node.node_type === 0 ? 'monitoring.tree.noFleet' : 'monitoring.tree.noLine');
      return {
        imeis,
        online,
        node: {
          key: node.gid,
          title: (
            <span className="hw-vtree__group">
              <span className="hw-vtree__name">{label}</span>
              <span className="hw-vtree__count" title={t('monitoring.tree.onlineTitle')}>
                {t('monitoring.tree.online', { online, total: imeis.length })}
              </span>
            </span>
          ),
          children: children.map((c) => c.node),
        },
      };
    };
    const built = nodes.map(build).filter((c): c is Counted => c !== null);
    return { data: built.map((c) => c.node), groupKeys: groups, vehicleKeys: byKey };
  }, [nodes, model, version, search, t]);

  const checkedKeys = useMemo(() => {
    const keys: string[] = [];
    for (const [gid, imei] of vehicleKeys) if (checked.has(imei)) keys.push(gid);
    return keys;
  }, [vehicleKeys, checked]);

  const selectedKey = useMemo(() => {
    for (const [gid, imei] of vehicleKeys) if (imei === selected) return [gid];
    return [];
  }, [vehicleKeys, selected]);

  return (
    <div className="hw-vtree">
      <Input.Search
        allowClear
        size="middle"
        placeholder={t('monitoring.tree.search')}
        onChange={(e) => setSearch(e.target.value.trim())}
        data-testid="vehicle-search"
      />
      <div ref={box} className="hw-vtree__body">
        {data.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitoring.tree.empty')} />
        ) : (
          <Tree
            checkable
            blockNode
            virtual
            height={height}
            treeData={data}
            // Searching opens every matching group; otherwise the user's own expansion (all open at first).
            expandedKeys={search ? groupKeys : (expanded ?? groupKeys)}
            onExpand={(keys) => setExpanded(keys)}
            checkedKeys={checkedKeys}
            selectedKeys={selectedKey}
            onCheck={(keys) => {
              const list = Array.isArray(keys) ? keys : keys.checked;
              const next = new Set(checked);
              // Only vehicles in the (possibly filtered) tree change; hidden ones keep their state.
              for (const [gid, imei] of vehicleKeys) {
                if (list.includes(gid)) next.add(imei);
                else next.delete(imei);
              }
              onCheck(next);
            }}
            onSelect={(_keys, info) => {
              const imei = vehicleKeys.get(String(info.node.key));
              if (imei) onPick(imei);
            }}
          />
        )}
      </div>
    </div>
  );
}
