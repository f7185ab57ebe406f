import type { VehicleTreeNode } from '@headway/server/contract';
import { DISPLAY_STATES, labelIn } from '@headway/spec';
import { Empty, Input, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOUR_HEX } from '../../../../map';
import type { FleetView } from '../fleet-view';
import { filterTree } from '../tree-search';

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

/** A tree row: the structure only; the live part (state, online counts) is read when the row is drawn. */
interface Row extends DataNode {
  key: string;
  label: string;
  /** Vehicle rows: the IMEI. Group rows: the IMEIs below. */
  imei?: string;
  imeis: string[];
  children?: Row[];
}

/**
 * The left vehicle tree: groups (fleet or line) with online/total counts, vehicles with a state dot.
 * Virtual scrolling keeps thousands of vehicles cheap; checkboxes choose what the map shows. The rows are
 * built from the tree and the search only; a live change re-renders only the rows in view (titleRender) and
 * recounts the groups, so 20,000 vehicles do not rebuild 20,000 titles twice a second.
 */
export function VehicleTree({ nodes, model, version, checked, onCheck, selected, onPick }: VehicleTreeProps) {
  const { t, i18n } = useTranslation('monitoring');
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

  const { data, groups, groupKeys, vehicleKeys } = useMemo(() => {
    const groups: Row[] = [];
    const byKey = new Map<string, string>();
    const build = (node: VehicleTreeNode): Row | null => {
      if (node.node_type === 2) {
        const imei = node.node_data.imei;
        byKey.set(node.gid, imei);
        return { key: node.gid, isLeaf: true, label: node.label, imei, imeis: [imei] };
      }
      const children = (node.children ?? []).map(build).filter((c): c is Row => c !== null);
      if (children.length === 0) return null;
      const label = node.label || t(node.node_type === 0 ? 'monitoring.tree.noFleet' : 'monitoring.tree.noLine');
      const row: Row = { key: node.gid, label, imeis: children.flatMap((c) => c.imeis), children };
      groups.push(row);
      return row;
    };
    const data = filterTree(nodes, search)
      .map(build)
      .filter((c): c is Row => c !== null);
    return { data, groups, groupKeys: groups.map((g) => g.key), vehicleKeys: byKey };
  }, [nodes, search, t]);

  // Online vehicles per group, recounted per live change from the model's columns.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks model changes
  const online = useMemo(() => {
    const out = new Map<string, number>();
    for (const group of groups) {
      let n = 0;
      for (const imei of group.imeis) if (model.online[model.indexOf(imei)] === 1) n++;
      out.set(group.key, n);
    }
    return out;
  }, [groups, model, version]);

  // A new function per live change: the virtual list redraws the rows in view with the new state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version marks model changes
  const titleRender = useCallback(
    (node: DataNode) => {
      const row = node as Row;
      if (row.imei !== undefined) {
        const look = model.look(row.imei);
        const state = labelIn(DISPLAY_STATES[look.kind].label, i18n.language);
        return (
          <span className="hw-vtree__car" data-testid={`vehicle-${row.label}`}>
            <i className="hw-vtree__dot" style={{ background: COLOUR_HEX[look.colour] }} />
            <span className="hw-vtree__name">{row.label}</span>
            <span className="hw-vtree__state" title={state}>
              {state}
            </span>
          </span>
        );
      }
      return (
        <span className="hw-vtree__group">
          <span className="hw-vtree__name">{row.label}</span>
          <span className="hw-vtree__count" title={t('monitoring.tree.onlineTitle')}>
            {t('monitoring.tree.online', { online: online.get(row.key) ?? 0, total: row.imeis.length })}
          </span>
        </span>
      );
    },
    [model, online, t, i18n.language, version],
  );

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
            titleRender={titleRender}
            // Searching opens every matching group; otherwise the user's own expansion (all open at first).
            expandedKeys={search ? groupKeys : (expanded ?? groupKeys)}
            onExpand={(keys) => setExpanded(keys)}
            checkedKeys={checkedKeys}
            selectedKeys={selectedKey}
            onCheck={(keys) => {
              const list = new Set(Array.isArray(keys) ? keys : keys.checked);
              const next = new Set(checked);
              // Only vehicles in the (possibly filtered) tree change; hidden ones keep their state.
              for (const [gid, imei] of vehicleKeys) {
                if (list.has(gid)) next.add(imei);
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
