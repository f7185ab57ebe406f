import { useQuery } from '@tanstack/react-query';
import { Badge, Input, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { videoApi } from './api';
import { filterVehicles, type PickVehicle, vehiclesOf } from './vehicle-list';

/** The video screens' vehicle list with a search box (the company's vehicles from the vehicle tree). */
export function VehiclePicker({ value, onChange }: { value: PickVehicle | null; onChange: (v: PickVehicle) => void }) {
  const { t } = useTranslation('video');
  const [search, setSearch] = useState('');
  const tree = useQuery({ queryKey: ['video', 'vehicle-tree'], queryFn: videoApi.vehicleTree, staleTime: 60_000 });
  const all = useMemo(() => vehiclesOf(tree.data), [tree.data]);
  const shown = useMemo(() => filterVehicles(all, search), [all, search]);
  return (
    <nav className="hw-video-page__vehicles" aria-label={t('video.vehicles')}>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('video.searchVehicle')}
        aria-label={t('video.searchVehicle')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="video-vehicle-search"
      />
      {tree.isLoading && <Spin size="small" />}
      <ul className="hw-video-page__list" data-testid="video-vehicles">
        {shown.map((v) => (
          <li key={v.car_id}>
            <button
              type="button"
              aria-current={value?.car_id === v.car_id}
              onClick={() => onChange(v)}
              data-testid={`video-vehicle-${v.car_id}`}
            >
              <span>{v.car_name}</span>
              <Badge
                status={v.online ? 'success' : 'default'}
                text={v.online ? t('video.online') : t('video.offlineTag')}
              />
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
