import { CloseOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from '../../../map';
import { usePermission } from '../../../shell/view-host/view-context';
import type { RegionRow } from '../api';
import { RegionDraw } from '../draw/RegionDraw';
import { DEFAULT_REGION_TYPE, useRegionDrawing } from '../draw/use-region-drawing';
import { RegionForm } from '../editor/RegionForm';
import { RegionList } from './RegionList';
import { SelectedRegionsLayer } from './SelectedRegionsLayer';
import { showRegion } from './show-region';
import './fence-selector.css';

// The fence selector (issue 15 "The console"): a panel floating over the live map, inside its <MapProvider>. The
// list tab ticks regions to highlight them and frames one; the add tab draws a new one on this same map.

type TabKey = 'list' | 'add';
/** Keeps a framed region clear of the panel on the right (top, right, bottom, left). */
const FIT_PADDING: [number, number, number, number] = [48, 420, 48, 48];

export interface FenceSelectorProps {
  onClose: () => void;
}

export function FenceSelector({ onClose }: FenceSelectorProps) {
  const { t } = useTranslation('regions');
  const { map, project } = useMap();
  const can = usePermission();
  const canAdd = can('add');
  const [tab, setTab] = useState<TabKey>('list');
  const [selected, setSelected] = useState<ReadonlyMap<number, RegionRow>>(new Map());
  const highlighted = useMemo(() => [...selected.values()], [selected]);
  // What the add tab has drawn, on the panel too: an e2e test reads it from the selector it drives.
  const [drawn, setDrawn] = useState<string | null>(null);

  const toggle = useCallback((row: RegionRow, on: boolean) => {
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  }, []);
  const show = (row: RegionRow) => {
    toggle(row, true);
    showRegion(map, row, project, FIT_PADDING);
  };
  const saved = (row: RegionRow) => {
    toggle(row, true);
    setTab('list');
  };

  return (
    <div
      className="hw-fence"
      data-testid="fence-selector"
      data-region-drawn={drawn ?? ''}
      role="dialog"
      aria-label={t('regions.selector.title')}
    >
      <div className="hw-fence__head">
        <strong>{t('regions.selector.title')}</strong>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          onClick={onClose}
          aria-label={t('regions.selector.close')}
          data-testid="fence-close"
        />
      </div>
      <SelectedRegionsLayer regions={highlighted} />
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: 'list',
            label: <span data-testid="fence-tab-list">{t('regions.selector.listTab')}</span>,
            children: tab === 'list' && (
              <RegionList
                selected={selected}
                onToggle={toggle}
                onShow={show}
                onDeleted={(id) => setSelected((s) => new Map([...s].filter(([k]) => k !== id)))}
                canDelete={can('delete')}
              />
            ),
          },
          ...(canAdd
            ? [
                {
                  key: 'add',
                  label: <span data-testid="fence-tab-add">{t('regions.selector.addTab')}</span>,
                  children: tab === 'add' && <AddRegion onSaved={saved} onDrawn={setDrawn} />,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

/** The add tab: the shape form, drawn on the live map while the tab is open. */
function AddRegion({
  onSaved,
  onDrawn,
}: {
  onSaved: (row: RegionRow) => void;
  onDrawn: (point: string | null) => void;
}) {
  const drawing = useRegionDrawing({ type: DEFAULT_REGION_TYPE, point: null });
  useEffect(() => onDrawn(drawing.point), [onDrawn, drawing.point]);
  useEffect(() => () => onDrawn(null), [onDrawn]);
  return (
    <>
      <RegionDraw
        type={drawing.type}
        initial={drawing.initial}
        resetKey={drawing.resetKey}
        goto={drawing.goto}
        onChange={drawing.setPoint}
      />
      <RegionForm editing={null} drawing={drawing} onSaved={onSaved} />
    </>
  );
}
