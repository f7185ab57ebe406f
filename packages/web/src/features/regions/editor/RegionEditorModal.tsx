import type { RegionType } from '@headway/spec';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { readViewport, TiledMap } from '../../../map';
import type { RegionRow } from '../api';
import { RegionDraw } from '../draw/RegionDraw';
import { DEFAULT_REGION_TYPE, useRegionDrawing } from '../draw/use-region-drawing';
import { RegionForm } from './RegionForm';
import './region-editor.css';

export interface RegionEditorModalProps {
  /** null adds a region; a row edits it (name, sharing, use, image, remark and the drawn shape). */
  region: RegionRow | null;
  open: boolean;
  onClose: () => void;
  /** After a successful save, with the stored row. */
  onSaved: (row: RegionRow) => void;
}

/** Where adding opens without a remembered viewport: the demo's city, as the live map. */
const FALLBACK_VIEW = { lng: -74.15, lat: 40.58, zoom: 12 };
const REGION_ZOOM = 15;

// Basic → Custom area's add/edit dialog: the spec's 1000×600 marker-map dialog, the shape form beside its own map.
export function RegionEditorModal({ region, open, onClose, onSaved }: RegionEditorModalProps) {
  const { t } = useTranslation('regions');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={1000}
      destroyOnHidden
      title={region ? t('regions.selector.editTitle') : t('regions.selector.addTitle')}
    >
      {/* Mounted per opening, so a new region or another row starts its own drawing. */}
      {open && <RegionEditor key={region?.id ?? 'new'} region={region} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function RegionEditor({ region, onClose, onSaved }: Omit<RegionEditorModalProps, 'open'>) {
  const { t } = useTranslation('regions');
  const drawing = useRegionDrawing({
    type: (region?.region_type ?? DEFAULT_REGION_TYPE) as RegionType,
    point: region?.region_point ?? null,
  });
  const view = region
    ? { lng: region.center_lng, lat: region.center_lat, zoom: REGION_ZOOM }
    : readViewport(typeof localStorage === 'undefined' ? null : localStorage, FALLBACK_VIEW);
  return (
    <div className="hw-region-editor">
      <div className="hw-region-editor__form">
        <RegionForm editing={region} drawing={drawing} onSaved={onSaved} onCancel={onClose} />
      </div>
      <TiledMap
        center={[view.lng, view.lat]}
        zoom={view.zoom}
        className="hw-region-editor__map"
        testId="region-editor-map"
        labels={{
          name: t('regions.selector.mapName'),
          zoomIn: t('regions.selector.zoomIn'),
          zoomOut: t('regions.selector.zoomOut'),
          tilesUnavailable: t('regions.selector.tilesUnavailable'),
        }}
      >
        <RegionDraw
          type={drawing.type}
          initial={drawing.initial}
          resetKey={drawing.resetKey}
          goto={drawing.goto}
          onChange={drawing.setPoint}
        />
      </TiledMap>
    </div>
  );
}
