import { RegionUseTypeCode } from '@headway/spec';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../i18n/format';
import { type RegionRow, type RegionVisitRow, regionApi, regionKeys } from '../../../regions/api';
import { dwellParts } from '../../../regions/layer/dwell';

const VISITS_PER_PAGE = 10;

/**
 * The region's visits, newest first (GET /basic/region/visits). The use type gives them their meaning (issue 15):
 * at a depot the dwell is the time parked; at a station or a yard the heading says what the visits are.
 */
export function RegionVisits({ region }: { region: RegionRow }) {
  const { t } = useTranslation('regions');
  const [page, setPage] = useState(1);
  const visits = useQuery({
    queryKey: [...regionKeys.visits(region.id, page), VISITS_PER_PAGE],
    queryFn: () => regionApi.visits(region.id, page, VISITS_PER_PAGE),
    placeholderData: keepPreviousData,
  });
  const heading =
    region.use_type === RegionUseTypeCode.charging
      ? t('regions.page.visitsStation')
      : region.use_type === RegionUseTypeCode.maintenance
        ? t('regions.page.visitsMaintenance')
        : t('regions.page.visitsRecent');
  const dwell = (seconds: number) => {
    const parts = dwellParts(seconds);
    return t(`regions.layer.${parts.key}`, parts.values);
  };

  const columns: TableColumnsType<RegionVisitRow> = [
    {
      title: t('regions.page.vehicle'),
      key: 'vehicle',
      ellipsis: true,
      render: (_, v) => v.car_name || v.terminal_phone,
    },
    { title: t('regions.page.entered'), dataIndex: 'enter_time', width: 170, render: formatTime },
    {
      title: t('regions.page.left'),
      dataIndex: 'exit_time',
      width: 170,
      render: (exit: number | null) =>
        exit === null ? <Tag color="success">{t('regions.page.inside')}</Tag> : formatTime(exit),
    },
    {
      title: region.use_type === RegionUseTypeCode.parking ? t('regions.page.parked') : t('regions.page.dwell'),
      dataIndex: 'dwell_seconds',
      width: 130,
      render: dwell,
    },
  ];

  return (
    <section className="hw-region-detail__section" aria-label={heading}>
      <Typography.Title level={5}>{heading}</Typography.Title>
      <Table<RegionVisitRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={visits.data?.rows ?? []}
        loading={visits.isFetching}
        locale={{
          emptyText: (
            <span className="hw-region-detail__empty">
              {visits.isError ? t('regions.layer.visitsFailed') : t('regions.page.noVisits')}
            </span>
          ),
        }}
        pagination={{
          current: page,
          pageSize: VISITS_PER_PAGE,
          total: visits.data?.total ?? 0,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        data-testid="region-detail-visits"
      />
    </section>
  );
}
