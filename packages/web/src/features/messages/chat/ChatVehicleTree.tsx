import { useQuery } from '@tanstack/react-query';
import { Empty, Input, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterTree } from '../../monitoring/map/tree-search';
import { messagesApi, messagesKeys } from '../api';
import { buildVehicleRows, type VehicleRow } from './vehicle-rows';

interface ChatVehicleTreeProps {
  /** Car ids ticked. */
  checked: ReadonlySet<number>;
  onCheck: (carIds: Set<number>) => void;
  /** Enough for the window's body; the tree scrolls virtually within it. */
  height: number;
}

/** The chat's left pane: the company's vehicles by fleet, searchable (name, plate, IMEI, line), with checkboxes. */
export function ChatVehicleTree({ checked, onCheck, height }: ChatVehicleTreeProps) {
  const { t } = useTranslation('messages');
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const tree = useQuery({ queryKey: messagesKeys.tree, queryFn: messagesApi.tree, staleTime: 60_000 });

  const { rows, groupKeys, carIds } = useMemo(
    () => buildVehicleRows(filterTree(tree.data ?? [], search), () => t('messages.tree.noFleet')),
    [tree.data, search, t],
  );
  const checkedKeys = useMemo(
    () => [...carIds].filter(([, carId]) => checked.has(carId)).map(([gid]) => gid),
    [carIds, checked],
  );

  const titleRender = (node: DataNode) => {
    const row = node as VehicleRow;
    if (row.carId === undefined) return <span className="hw-chat-tree__group">{row.label}</span>;
    return (
      <span
        className={row.online ? 'hw-chat-tree__car' : 'hw-chat-tree__car hw-chat-tree__car--offline'}
        title={row.online ? undefined : t('messages.tree.offline')}
        data-testid={`chat-vehicle-${row.carId}`}
      >
        {row.label}
      </span>
    );
  };

  return (
    <div className="hw-chat-tree" data-testid="chat-vehicle-tree">
      <Input.Search
        allowClear
        placeholder={t('messages.search')}
        aria-label={t('messages.search')}
        onChange={(e) => setSearch(e.target.value.trim())}
      />
      <div className="hw-chat-tree__count">{t('messages.tree.selected', { n: checked.size })}</div>
      <Spin spinning={tree.isLoading}>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.tree.empty')} />
        ) : (
          <Tree
            checkable
            blockNode
            virtual
            height={height}
            treeData={rows}
            titleRender={titleRender}
            // Searching opens every matching group; otherwise the user's own expansion (all open at first).
            expandedKeys={search ? groupKeys : (expanded ?? groupKeys)}
            onExpand={(keys) => setExpanded(keys)}
            checkedKeys={checkedKeys}
            // A click on a vehicle's name ticks it as its box does.
            selectedKeys={[]}
            onSelect={(_keys, info) => {
              const carId = carIds.get(String(info.node.key));
              if (carId === undefined) return;
              const next = new Set(checked);
              if (next.has(carId)) next.delete(carId);
              else next.add(carId);
              onCheck(next);
            }}
            onCheck={(keys) => {
              const list = new Set(Array.isArray(keys) ? keys : keys.checked);
              const next = new Set(checked);
              // Only vehicles in the (possibly filtered) tree change; hidden ones keep their state.
              for (const [gid, carId] of carIds) {
                if (list.has(gid)) next.add(carId);
                else next.delete(carId);
              }
              onCheck(next);
            }}
          />
        )}
      </Spin>
    </div>
  );
}
