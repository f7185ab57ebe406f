import type { RealData } from '@headway/server/contract';
import { labelIn, REGION_TYPES, type RegionType } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { regionApi, regionKeys } from '../../../regions/api';

/**
 * The terminal's own word on the regions pushed to it (0x0200 item 0x12, real_data `area.io`): which one it just
 * entered or left, by the region's name when the console knows it (area id = region id), else by its id.
 */
export function TerminalAreaView({ area }: { area: NonNullable<RealData['area']> }) {
  const { t, i18n } = useTranslation('monitoring');
  const io = area.io ?? [];
  const shapes = useQuery({
    queryKey: regionKeys.shapes,
    queryFn: regionApi.shapes,
    enabled: io.length > 0,
    staleTime: 60_000,
  });
  const names = new Map((shapes.data ?? []).map((s) => [s.id, s.region_name]));
  return (
    <>
      {io.map((e) => {
        const kind = REGION_TYPES[e.type as RegionType];
        const name = names.get(e.id) ?? t('monitoring.info.areaId', { id: e.id });
        return (
          <Tag
            key={`${e.type}-${e.id}-${e.dir}`}
            color={e.dir === 0 ? 'blue' : 'default'}
            bordered={false}
            data-testid="info-terminal-area"
          >
            {t(e.dir === 0 ? 'monitoring.info.areaEntered' : 'monitoring.info.areaLeft', { name })}
            {kind ? ` · ${labelIn(kind.label, i18n.language)}` : ''}
          </Tag>
        );
      })}
    </>
  );
}
