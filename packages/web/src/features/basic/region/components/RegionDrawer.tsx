import { Descriptions, Drawer, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../i18n/format';
import type { RegionRow } from '../../../regions/api';
import { purposeLabel, sizeLabel, typeLabel } from '../labels';
import { formatCentre } from '../region-size';
import { RegionTerminals } from './RegionTerminals';
import { RegionVisits } from './RegionVisits';
import '../region-page.css';

/** A region's detail: its attributes, its recent visits and the terminals it was sent to. */
export function RegionDrawer({ region, onClose }: { region: RegionRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('regions');
  return (
    <Drawer
      open={region !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={region ? t('regions.page.detailTitle', { name: region.region_name }) : null}
      closable={{ 'aria-label': t('regions.page.close') }}
    >
      {region && (
        <div className="hw-region-detail" data-testid="region-detail" data-region-id={region.id}>
          <Descriptions
            size="small"
            bordered
            column={2}
            title={t('regions.page.attributes')}
            items={[
              { key: 'name', label: t('regions.name'), children: region.region_name, span: 2 },
              { key: 'type', label: t('regions.type'), children: typeLabel(region.region_type, i18n.language) },
              { key: 'use', label: t('regions.useType'), children: purposeLabel(region.use_type, i18n.language, t) },
              {
                key: 'shared',
                label: t('regions.shared'),
                children: region.is_share ? <Tag color="blue">{t('regions.sharedYes')}</Tag> : t('regions.sharedNo'),
              },
              {
                key: 'size',
                label: t('regions.page.size'),
                children: sizeLabel(region.region_type, region.region_point, t),
              },
              {
                key: 'centre',
                label: t('regions.page.centre'),
                children: formatCentre(region.center_lat, region.center_lng),
                span: 2,
              },
              { key: 'creator', label: t('regions.page.creator'), children: region.created_by_account || '--' },
              { key: 'created', label: t('regions.page.created'), children: formatTime(region.created_at) },
              { key: 'updated', label: t('regions.page.updated'), children: formatTime(region.updated_at), span: 2 },
              { key: 'image', label: t('regions.image'), children: region.img_url || '--', span: 2 },
              { key: 'remark', label: t('regions.remark'), children: region.remark || '--', span: 2 },
            ]}
          />
          <RegionVisits region={region} />
          <RegionTerminals region={region} />
        </div>
      )}
    </Drawer>
  );
}
