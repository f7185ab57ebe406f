import { Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GtfsChangeCounts, GtfsImportReport, GtfsRefusedRow } from './api';

// A finished import's report: per kind what was created, updated, left unchanged and removed; then the rows the
// importer refused, where to find them in the feed (file:line) and why.

const KINDS: (keyof GtfsChangeCounts)[] = ['lines', 'stations', 'stops', 'trips', 'services'];

export function GtfsImportReportView({ report }: { report: GtfsImportReport }) {
  const { t } = useTranslation('basic-lines');
  const counts = KINDS.map((kind) => ({
    kind,
    created: report.created[kind],
    updated: report.updated[kind],
    unchanged: report.unchanged[kind],
    removed: report.removed[kind],
  }));
  type CountRow = (typeof counts)[number];
  const number = (key: Exclude<keyof CountRow, 'kind'>) => ({
    title: t(`basicLines.gtfs.${key}`),
    dataIndex: key,
    align: 'right' as const,
    width: 110,
  });
  const countColumns: TableColumnsType<CountRow> = [
    {
      title: t('basicLines.gtfs.kind'),
      dataIndex: 'kind',
      render: (kind: CountRow['kind']) => t(`basicLines.gtfs.kinds.${kind}`),
    },
    number('created'),
    number('updated'),
    number('unchanged'),
    number('removed'),
  ];
  const refusedColumns: TableColumnsType<GtfsRefusedRow> = [
    {
      title: t('basicLines.gtfs.where'),
      key: 'where',
      width: 200,
      render: (_, row) => (row.line > 0 ? `${row.file}:${row.line}` : row.file),
    },
    { title: t('basicLines.gtfs.reason'), dataIndex: 'reason' },
  ];
  return (
    <>
      {report.refused.length === 0 && (
        <Table<CountRow>
          rowKey="kind"
          size="small"
          pagination={false}
          columns={countColumns}
          dataSource={counts}
          data-testid="gtfs-import-counts"
          onRow={(row) => ({ 'data-testid': `gtfs-import-count-${row.kind}` }) as React.HTMLAttributes<HTMLElement>}
        />
      )}
      {report.refused.length > 0 && (
        <>
          <Typography.Text strong>{t('basicLines.gtfs.refused', { count: report.refused_total })}</Typography.Text>
          {report.refused_total > report.refused.length && (
            <Typography.Text type="secondary">
              {' '}
              {t('basicLines.gtfs.refusedShown', { shown: report.refused.length, total: report.refused_total })}
            </Typography.Text>
          )}
          <Table<GtfsRefusedRow>
            rowKey={(row) => `${row.file}:${row.line}:${row.reason}`}
            size="small"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={refusedColumns}
            dataSource={report.refused}
            data-testid="gtfs-import-refused"
          />
        </>
      )}
    </>
  );
}
