import { useQuery } from '@tanstack/react-query';
import { List, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TiledMap } from '../../../../map';
import { busStopApi } from '../../../basic-lines/api';
import { StopsLayer } from './StopMarkers';

// The union of the company's stops on one 1000×600 map: every stop once, whatever lines share it; clicking one
// lists the lines that stop there.

export function StopUnionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('basic-lines');
  const stops = useQuery({ queryKey: ['basic-stops-union'], queryFn: busStopApi.union, enabled: open });
  const [picked, setPicked] = useState<number | null>(null);
  const stop = stops.data?.find((s) => s.id === picked);
  const served = useQuery({
    queryKey: ['basic-stop-routes', stop?.stop_id],
    queryFn: () => busStopApi.routes(stop?.stop_id ?? ''),
    enabled: stop !== undefined,
  });
  const points = (stops.data ?? []).map((s) => ({ id: s.id, name: s.stop_name, lat: s.lat, lng: s.lng }));
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={1000}
      destroyOnHidden
      title={t('basicLines.stop.unionTitle', { count: points.length })}
    >
      {stops.isLoading ? (
        <Spin />
      ) : (
        <div className="hw-stop-union">
          <TiledMap
            center={[points[0]?.lng ?? 100.5, points[0]?.lat ?? 13.75]}
            zoom={13}
            className="hw-stop-union__map"
            testId="stop-union-map"
            labels={{
              name: t('basicLines.editor.mapName'),
              zoomIn: t('basicLines.editor.zoomIn'),
              zoomOut: t('basicLines.editor.zoomOut'),
              tilesUnavailable: t('basicLines.editor.tilesUnavailable'),
            }}
          >
            <StopsLayer stops={points} onPick={setPicked} />
          </TiledMap>
          {stop && (
            <div className="hw-stop-union__side">
              <strong>{`${stop.stop_name} (${stop.stop_code})`}</strong>
              <div>{t('basicLines.stop.servedBy')}</div>
              <List
                size="small"
                loading={served.isLoading}
                locale={{ emptyText: t('basicLines.stop.none') }}
                dataSource={served.data ?? []}
                renderItem={(r) => (
                  <List.Item>{`${r.route_name} (${r.route_code}) · ${r.direction} · #${r.serial}`}</List.Item>
                )}
              />
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
