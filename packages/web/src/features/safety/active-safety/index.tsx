import { FullscreenExitOutlined, FullscreenOutlined, SyncOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Pagination, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, PAGE_SIZES } from '../../../api/list';
import { ExportMenu } from '../../../components/list-page/export/ExportMenu';
import { ListError } from '../../../components/list-page/ListError';
import { useAlarmText } from '../../alarms/alarm-text';
import { type AlarmDetailQuery, type AlarmDetailRow, evidenceCentreApi } from './api';
import { AlarmCard } from './components/AlarmCard';
import { EvidenceFilters } from './components/EvidenceFilters';
import { defaultFilterValues, type EvidenceFilterValues, evidenceFilter } from './filters';
import './active-safety.css';

// The modal brings OpenLayers and the carousel: loaded on the first opening, not with the grid.
const AlarmModal = lazy(() => import('../../alarms/evidence/AlarmModal'));

function useElementFullscreen(ref: React.RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement === ref.current && ref.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void ref.current?.requestFullscreen?.().catch(() => undefined);
  };
  return { active, toggle, supported: typeof document !== 'undefined' && document.fullscreenEnabled };
}

/**
 * Safety → Active safety (the spec's alarm evidence centre): the ADAS, DSM, TPMS and BSD alarms of a period as
 * cards with their first image, opening the alarm modal with the whole evidence; the list exports as xlsx.
 */
export default function ActiveSafetyPage() {
  const { t } = useTranslation('safety');
  const text = useAlarmText();
  const root = useRef<HTMLDivElement>(null);
  const fullscreen = useElementFullscreen(root);
  const [values, setValues] = useState<EvidenceFilterValues>(defaultFilterValues);
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const [opened, setOpened] = useState<AlarmDetailRow | null>(null);
  // Searching again with the same filters must still ask the server: alarms keep arriving.
  const [searches, setSearches] = useState(0);

  const query: AlarmDetailQuery = { ...paging, data: evidenceFilter(values) };
  const list = useQuery({
    queryKey: ['safety', 'evidence', query, searches],
    queryFn: () => evidenceCentreApi.list(query),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];

  return (
    <div ref={root} className="hw-evidence-centre" data-testid="evidence-centre">
      <div className="hw-evidence-centre__bar">
        <EvidenceFilters
          onSearch={(next) => {
            setValues(next);
            setPaging((p) => ({ ...p, page: 1 }));
            setSearches((n) => n + 1);
          }}
        />
        <div className="hw-evidence-centre__actions">
          <Tooltip title={t('safety.centre.refresh')}>
            <Button
              icon={<SyncOutlined spin={list.isFetching} />}
              aria-label={t('safety.centre.refresh')}
              onClick={() => void list.refetch()}
            />
          </Tooltip>
          <ExportMenu
            request={() => ({ method: 'POST', path: '/device/alarm/export', body: query })}
            paging={paging}
            fileBase="active-safety"
            testId="evidence-export"
          />
          {fullscreen.supported && (
            <Tooltip title={fullscreen.active ? t('safety.centre.exitFullscreen') : t('safety.centre.fullscreen')}>
              <Button
                icon={fullscreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                aria-label={fullscreen.active ? t('safety.centre.exitFullscreen') : t('safety.centre.fullscreen')}
                onClick={fullscreen.toggle}
              />
            </Tooltip>
          )}
        </div>
      </div>
      <div className="hw-evidence-centre__grid-wrap">
        {list.isError ? (
          <ListError error={list.error} onRetry={() => void list.refetch()} />
        ) : rows.length === 0 ? (
          list.isLoading ? (
            <div className="hw-evidence-centre__empty">
              <Spin />
            </div>
          ) : (
            <Empty className="hw-evidence-centre__empty" description={t('safety.centre.empty')} />
          )
        ) : (
          <Spin spinning={list.isFetching && list.isPlaceholderData}>
            <div className="hw-evidence-centre__grid" data-testid="evidence-grid">
              {rows.map((row) => (
                <AlarmCard key={row.id} alarm={row} text={text(row)} onOpen={setOpened} />
              ))}
            </div>
          </Spin>
        )}
      </div>
      <div className="hw-evidence-centre__pager">
        <Pagination
          size="small"
          current={paging.page}
          pageSize={paging.limit}
          total={list.data?.total ?? 0}
          pageSizeOptions={PAGE_SIZES}
          showSizeChanger
          showTotal={(total) => t('safety.centre.total', { total })}
          onChange={(page, limit) => setPaging({ page, limit })}
        />
      </div>
      {opened && (
        <Suspense fallback={null}>
          <AlarmModal alarm={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </div>
  );
}
